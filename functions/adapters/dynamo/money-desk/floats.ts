/**
 * The floats' store: per supplier account one partition `FLOAT#<supplier>` holding
 *  - `STATE`: the latest observed balance (a later observation only: `observedAt` conditions it),
 *    the level (ok / low: changed by a conditional write, so one observer wins a crossing), the
 *    admin's thresholds and the last computed spend rates;
 *  - `HOUR#<hour>`: the hour's first and last observed balance (the last by `closingAt`), what the
 *    page's spend, its chart and the day's opening and closing read — 24 items a day, whatever
 *    the purchases;
 *  - `TOPUP#<day>#<reference>`: a top-up the admin recorded, once per reference.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FLOAT_DEFAULT_THRESHOLDS } from '../../../../shared/api/money-desk-floats.js';
import { PARTITION_PREFIXES } from '../../../../shared/table.js';
import type { FloatSeen, HourSeen } from '../../../domain/money-desk/books-from-stream.js';
import { hourOf, type FloatLevel, type FloatRates, type FloatThresholds, type HourOfFloat } from '../../../domain/money-desk/floats.js';
import type { FloatState, FloatStore, FloatTopUp } from '../../../domain/money-desk/floats-port.js';
import { batchGetItems } from '../batch-get.js';
import type { TransactItem } from '../conditional-writes.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { queryAll } from '../paginate.js';

const partition = (supplier: string) => `${PARTITION_PREFIXES.float}${supplier}`;
const stateKey = (supplier: string) => ({ pk: partition(supplier), sk: 'STATE' });
const hourKey = (supplier: string, hour: string) => ({ pk: partition(supplier), sk: `HOUR#${hour}` });
const topUpKey = (supplier: string, day: string, reference: string) => ({ pk: partition(supplier), sk: `TOPUP#${day}#${reference}` });

const num = (value: unknown, fallback = 0) => (typeof value === 'number' ? value : fallback);

function stateOf(item: Record<string, unknown>): FloatState {
  const thresholds = (item.thresholds as FloatThresholds | undefined) ?? FLOAT_DEFAULT_THRESHOLDS;
  return {
    supplier: String(item.supplier),
    balanceKobo: num(item.balanceKobo),
    observedAt: String(item.observedAt ?? ''),
    ...(item.level ? { level: item.level as FloatLevel } : {}),
    ...(item.lowSince ? { lowSince: String(item.lowSince) } : {}),
    thresholds: { minBalanceKobo: num(thresholds.minBalanceKobo), minHoursLeft: num(thresholds.minHoursLeft) },
    ...(item.rates ? { rates: item.rates as FloatRates } : {}),
  };
}

const hourOfItem = (item: Record<string, unknown>): HourOfFloat => ({
  hour: String(item.sk).slice('HOUR#'.length),
  openingKobo: num(item.openingKobo),
  closingKobo: num(item.closingKobo),
});

/** Swallows only the refusal of a condition: an older observation than the one kept. */
async function unlessOlder<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * A batch's observations of one supplier's float as items of the stream counters' once-only write
 * (decision 135): its state moved to the batch's latest, each hour it saw closed at its last (and
 * opened at its first when it has no opening yet). Each is conditioned on time, as `observe` is: an
 * item already holding a later observation fails its condition, and the write goes on without it
 * (isFloatObservationItem; stream-counters.ts `writeChunk`). The level is the balance poll's to judge (money-desk-schedule).
 */
export function floatSeenItems(seen: FloatSeen): TransactItem[] {
  const state: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: stateKey(seen.supplier),
      UpdateExpression: 'SET supplier = :s, balanceKobo = :b, observedAt = :t, entity = :e',
      ConditionExpression: 'attribute_not_exists(observedAt) OR observedAt <= :t',
      ExpressionAttributeValues: { ':s': seen.supplier, ':b': seen.latest.balanceKobo, ':t': seen.latest.at, ':e': 'FloatState' },
    },
  };
  const hours = seen.hours.map(
    (hour: HourSeen): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: hourKey(seen.supplier, hour.hour),
        UpdateExpression: 'SET closingKobo = :b, closingAt = :t, openingKobo = if_not_exists(openingKobo, :ob), entity = :e',
        ConditionExpression: 'attribute_not_exists(closingAt) OR closingAt <= :t',
        ExpressionAttributeValues: { ':b': hour.last.balanceKobo, ':t': hour.last.at, ':ob': hour.first.balanceKobo, ':e': 'FloatHour' },
      },
    }),
  );
  return [state, ...hours];
}

/** Whether a write's item is a float observation (its refused condition means only that a later one is kept). */
export function isFloatObservationItem(item: TransactItem): boolean {
  const key = item.Update?.Key as { pk?: unknown } | undefined;
  return typeof key?.pk === 'string' && key.pk.startsWith(PARTITION_PREFIXES.float) && item.Update?.ConditionExpression !== undefined;
}

export const dynamoFloats: FloatStore = {
  async observe(supplier, balanceKobo, at) {
    const hour = hourOf(at);
    const [state] = await Promise.all([
      unlessOlder(
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: stateKey(supplier),
            UpdateExpression: 'SET supplier = :s, balanceKobo = :b, observedAt = :t, entity = :e',
            ConditionExpression: 'attribute_not_exists(observedAt) OR observedAt <= :t',
            ExpressionAttributeValues: { ':s': supplier, ':b': balanceKobo, ':t': at, ':e': 'FloatState' },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      ),
      unlessOlder(
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: hourKey(supplier, hour),
            UpdateExpression: 'SET closingKobo = :b, closingAt = :t, openingKobo = if_not_exists(openingKobo, :b), entity = :e',
            ConditionExpression: 'attribute_not_exists(closingAt) OR closingAt <= :t',
            ExpressionAttributeValues: { ':b': balanceKobo, ':t': at, ':e': 'FloatHour' },
          }),
        ),
      ),
    ]);
    return state?.Attributes ? stateOf(state.Attributes) : undefined;
  },

  async get(suppliers) {
    const items = await batchGetItems(
      suppliers.map((supplier) => stateKey(supplier)),
      { consistent: true },
    );
    const bySupplier = new Map(items.map((item) => [String(item.supplier), stateOf(item)]));
    return suppliers.flatMap((supplier) => {
      const state = bySupplier.get(supplier);
      return state?.observedAt ? [state] : [];
    });
  },

  async hours(supplier, fromHour, toHour) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': partition(supplier), ':from': `HOUR#${fromHour}`, ':to': `HOUR#${toHour}` },
    });
    return items.map(hourOfItem);
  },

  async hourBefore(supplier, beforeHour) {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': partition(supplier), ':from': 'HOUR#', ':to': `HOUR#${beforeHour}` },
        ScanIndexForward: false,
        Limit: 2,
      }),
    );
    const before = (page.Items ?? []).find((item) => String(item.sk) < `HOUR#${beforeHour}`);
    return before ? hourOfItem(before) : undefined;
  },

  async saveRates(supplier, rates) {
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: stateKey(supplier),
          UpdateExpression: 'SET rates = :r',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':r': rates },
        }),
      )
      .catch((error) => {
        if (!isConditionFailure(error)) throw error;
      });
  },

  async changeLevel(supplier, from, to, at) {
    const changed = await unlessOlder(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: stateKey(supplier),
          UpdateExpression: to === 'low' ? 'SET #level = :to, lowSince = :at' : 'SET #level = :to REMOVE lowSince',
          ConditionExpression: from === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#level)' : '#level = :from',
          ExpressionAttributeNames: { '#level': 'level' },
          ExpressionAttributeValues: { ':to': to, ...(to === 'low' ? { ':at': at } : {}), ...(from === undefined ? {} : { ':from': from }) },
        }),
      ),
    );
    return changed !== undefined;
  },

  async setThresholds(supplier, thresholds) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: stateKey(supplier),
        UpdateExpression: 'SET supplier = :s, thresholds = :th, entity = :e',
        ExpressionAttributeValues: { ':s': supplier, ':th': thresholds, ':e': 'FloatState' },
      }),
    );
  },

  async addTopUp(topUp) {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...topUpKey(topUp.supplier, topUp.day, topUp.reference), entity: 'FloatTopUp', ...topUp },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return 'recorded';
    } catch (error) {
      if (isConditionFailure(error)) return 'duplicate';
      throw error;
    }
  },

  async topUps(supplier, fromDay, toDay) {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': partition(supplier), ':from': `TOPUP#${fromDay}#`, ':to': `TOPUP#${toDay}#\uffff` },
      }),
    );
    return (page.Items ?? []).map(
      (item): FloatTopUp => ({
        supplier: String(item.supplier),
        amountKobo: num(item.amountKobo),
        day: String(item.day),
        reference: String(item.reference),
        recordedBy: String(item.recordedBy),
        recordedAt: String(item.recordedAt),
      }),
    );
  },
};

/** The float's state alone (the guard's read before each purchase call). */
export async function knownFloat(supplier: string): Promise<FloatState | undefined> {
  const answer = await db().send(new GetCommand({ TableName: tableName(), Key: stateKey(supplier) }));
  return answer.Item?.observedAt ? stateOf(answer.Item) : undefined;
}
