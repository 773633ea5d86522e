/**
 * The listing's counters against the reference: for a filter, the totals and first page a listing
 * gets from the counters and the keyset read must equal what the old path (every matching record
 * read, `transactionListPage`) gives — for a user and for the platform. A phone-number filter's
 * listing (its records: a whole number's from its own index) is held to the same old path.
 */
import { expect } from 'vitest';
import { dynamoTransactions } from '../../functions/adapters/dynamo/transactions/transactions.js';
import { listPageOf, listingBounds, transactionListPage } from '../../functions/domain/transactions/transactions.js';
import { dayOf } from '../../functions/domain/back-office/sales-stats.js';
import type { TransactionFilter } from '../../functions/domain/transactions/transactions-port.js';
import { drainCounters } from './outbox.js';

const PAGE_SIZE = 20;

/** Filters the listing offers, the derived ones included ('wallet' shows withdrawals, 'pending' open withdrawals), and bounds that cut days. */
export function listingFilters(now: Date): TransactionFilter[] {
  const today = dayOf(now);
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  return [
    {},
    { type: 'airtime' },
    { status: 'pending' },
    { type: 'wallet' },
    { status: 'refunded' },
    { status: 'processing' },
    { type: 'transfer', userType: 'reseller' },
    { type: 'refund', status: 'success' },
    listingBounds(today, today),
    { fromIso: hourAgo },
    { type: 'airtime', status: 'success', toIso: new Date(now.getTime() + 1000).toISOString() },
    listingBounds('2000-01-01', '2000-01-02'),
  ];
}

/** Phone-number filters over numbers a history bought for: a whole number alone and with other filters, and a part of one (read as before). */
export function phoneFilters(now: Date, phones: readonly string[]): TransactionFilter[] {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  return [
    ...phones.flatMap((phone, i): TransactionFilter[] => [
      { phoneNumber: phone },
      i % 2 === 0 ? { phoneNumber: phone, status: 'refunded' } : { phoneNumber: phone, status: 'pending', userType: 'reseller' },
      { phoneNumber: phone, type: 'airtime', fromIso: hourAgo },
    ]),
    ...phones.slice(0, 1).map((phone) => ({ phoneNumber: phone.slice(0, 7) })),
  ];
}

/** What the listing read before the phone index: every record of the scope, kept when `phone_number` contains the text. */
async function everyMatchingRecord(userId: string | undefined, filter: TransactionFilter) {
  const { phoneNumber, ...rest } = filter;
  const records = await (userId === undefined ? dynamoTransactions.listAll(rest) : dynamoTransactions.listForUser(userId, rest));
  return phoneNumber === undefined ? records : records.filter((record) => record.phone_number.includes(phoneNumber));
}

/** One listing (a user's, or the platform's when `userId` is undefined) by both paths: they must agree. */
export async function expectListingAgrees(userId: string | undefined, filter: TransactionFilter, label: string, page = 1): Promise<void> {
  // Every counter (a user's and the platform's) is summed from the stream: read them once it has drained.
  await drainCounters();
  const reference = transactionListPage(await everyMatchingRecord(userId, filter), page, PAGE_SIZE);
  const [totals, pageRecords] = await Promise.all([
    dynamoTransactions.listingTotals(userId, filter),
    dynamoTransactions.listingPage(userId, filter, page, PAGE_SIZE),
  ]);
  expect(listPageOf(pageRecords, totals.count, totals.figures, PAGE_SIZE), `${label}: ${JSON.stringify(filter)} page ${page}`).toEqual(reference);
  if (filter.phoneNumber !== undefined) {
    // The listing's own path for a phone filter: its matching records, paged and summed in memory.
    const records = await (userId === undefined ? dynamoTransactions.listAll(filter) : dynamoTransactions.listForUser(userId, filter));
    expect(transactionListPage(records, page, PAGE_SIZE), `${label}: ${JSON.stringify(filter)} page ${page} (records)`).toEqual(reference);
  }
}
