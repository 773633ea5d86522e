/**
 * A purchase's service locks, read just before its debit (README decision 97). The lock items are
 * shared by every user's purchases of a service, so they are read, never part of the debit's
 * transaction: DynamoDB refuses a transaction that meets another on any item, a condition check
 * included, so one lock item checked in every purchase's write made every two purchases of a service
 * on the platform refuse each other, besides costing 2 write units a purchase. A lock set before the
 * read refuses the purchase; one set while a debit is on its way lets that one purchase through, as
 * one accepted a moment earlier.
 */
import { batchGetItems } from './batch-get.js';
import { keys } from './keys.js';

/** The first of `names` whose lock item says `locked` (consistent reads), or undefined when none is. */
export async function firstLocked(serviceType: string, names: readonly string[]): Promise<string | undefined> {
  if (names.length === 0) return undefined;
  const items = await batchGetItems(
    names.map((name) => keys.serviceSetting(serviceType, name)),
    { attributes: ['serviceStatus'], consistent: true },
  );
  const locked = new Set(items.filter((item) => item.serviceStatus === 'locked').map((item) => String(item.sk)));
  return names.find((name) => locked.has(String(keys.serviceSetting(serviceType, name).sk)));
}
