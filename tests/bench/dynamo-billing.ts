/**
 * Write units as DynamoDB bills them, from the items a request writes: DynamoDB Local's
 * ConsumedCapacity for a TransactWriteItems does not grow with its items (it answered 4 units for
 * 1, 2 and 10 small updates; decision 46 (docs/decisions/0046-*)), so the bench computes them.
 *
 * Rules (DynamoDB developer guide, "Read/write capacity mode" and "Capacity management for transactions"):
 * a standard write costs 1 write unit per started KB of the item; a transactional write 2 per started KB
 * of each item it writes or checks (Put, Update, Delete, ConditionCheck). An update or delete is billed on
 * the item's size (the larger of before and after), which the request does not carry: the bench bills it
 * on the size last seen for its key (put, or after a change on the table's stream; 1 KB, the smallest
 * bill, for a key never seen), and adds what the item's growth cost once the stream shows the change
 * (`growthUnits`): an update that takes a record past 1 KB is billed on its size after.
 */

const KB = 1024;
const ATTRIBUTE_VALUE_TAGS = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS']);

const isAttributeValue = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && ATTRIBUTE_VALUE_TAGS.has(Object.keys(value)[0]!);

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Bytes of one value as DynamoDB sizes it (numbers about one byte per two digits, plus one). */
function valueSize(value: unknown): number {
  if (isAttributeValue(value)) {
    const [tag, inner] = Object.entries(value)[0]!;
    switch (tag) {
      case 'S':
        return utf8(String(inner));
      case 'N':
        return Math.ceil(String(inner).replace(/^-|\./g, '').length / 2) + 1;
      case 'B':
        return (inner as Uint8Array).length ?? 0;
      case 'BOOL':
      case 'NULL':
        return 1;
      case 'M':
        return 3 + itemSize(inner as Record<string, unknown>);
      case 'L':
        return 3 + (inner as unknown[]).reduce<number>((sum, element) => sum + 1 + valueSize(element), 0);
      default:
        return (inner as unknown[]).reduce<number>((sum, element) => sum + valueSize(typeof element === 'string' ? { S: element } : { N: String(element) }), 0);
    }
  }
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return Math.ceil(String(value).replace(/^-|\./g, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.length;
  if (value instanceof Set) return [...value].reduce<number>((sum, element) => sum + valueSize(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, element) => sum + 1 + valueSize(element), 0);
  if (typeof value === 'object') return 3 + itemSize(value as Record<string, unknown>);
  return 0;
}

/** An item's size in bytes: each attribute's name and value (either the marshalled or the plain form). */
export function itemSize(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((sum, [name, value]) => (value === undefined ? sum : sum + utf8(name) + valueSize(value)), 0);
}

/** A key value as written plainly (the document client's) or marshalled (`{ S: … }`, the stream's). */
const plainKeyValue = (value: unknown) => (isAttributeValue(value) ? Object.values(value)[0] : value);

/** The platform has one table: items are known by key alone, whether a request or the stream names them. */
const keyOf = (_table: unknown, key: Record<string, unknown> | undefined) =>
  JSON.stringify(
    Object.entries(key ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => [name, String(plainKeyValue(value))]),
  );

/** A key's identity, whether written plainly or marshalled (the platform has one table). */
export const keyIdOf = (key: Record<string, unknown> | undefined) => keyOf(undefined, key);

/** The items a write request updates, by key, and the units each started KB costs there (2 in a transaction). */
export function updatedItems(operation: string, input: unknown): { key: Record<string, unknown>; unitsPerKb: 1 | 2 }[] {
  const request = (input ?? {}) as Record<string, any>;
  if (operation === 'UpdateItem' && request.Key) return [{ key: request.Key as Record<string, unknown>, unitsPerKb: 1 }];
  if (operation !== 'TransactWriteItems') return [];
  return ((request.TransactItems ?? []) as TransactItem[]).flatMap((item) => (item.Update ? [{ key: item.Update.Key, unitsPerKb: 2 as const }] : []));
}

/**
 * What an update cost beyond the bill on its size before (`billedWriteUnits`), once the change shows
 * the size after: DynamoDB bills the larger of the two, so an update that grows an item into another
 * KB (a settlement adding the supplier's answer to a record) costs that KB too.
 */
export function growthUnits(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined, unitsPerKb: 1 | 2): number {
  if (!before || !after) return 0;
  return Math.max(0, startedKb(itemSize(after)) - startedKb(itemSize(before))) * unitsPerKb;
}

/** Item sizes seen put, by table and key, for the updates that follow. */
export class ItemSizes {
  private readonly sizes = new Map<string, number>();
  constructor(private readonly keyNames: readonly string[]) {}

  keyOfItem(item: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(this.keyNames.map((name) => [name, item[name]]));
  }

  put(table: unknown, item: Record<string, unknown>): number {
    const size = itemSize(item);
    this.sizes.set(keyOf(table, this.keyOfItem(item)), size);
    return size;
  }

  /** The item's last size put; 1 KB (the smallest bill) when never seen. */
  of(table: unknown, key: Record<string, unknown> | undefined): number {
    return this.sizes.get(keyOf(table, key)) ?? KB;
  }
}

const startedKb = (bytes: number) => Math.max(1, Math.ceil(bytes / KB));

type TransactItem = {
  Put?: { TableName?: string; Item: Record<string, unknown> };
  Update?: { TableName?: string; Key: Record<string, unknown> };
  Delete?: { TableName?: string; Key: Record<string, unknown> };
  ConditionCheck?: { TableName?: string; Key: Record<string, unknown> };
};

/**
 * The write units DynamoDB bills for one write request computed from the request, or undefined for
 * an operation this does not compute (the reported units then stand).
 */
export function billedWriteUnits(operation: string, input: unknown, sizes: ItemSizes): number | undefined {
  const request = (input ?? {}) as Record<string, any>;
  switch (operation) {
    case 'TransactWriteItems':
      return ((request.TransactItems ?? []) as TransactItem[]).reduce((sum, item) => {
        if (item.Put) return sum + 2 * startedKb(sizes.put(item.Put.TableName, item.Put.Item));
        const keyed = item.Update ?? item.Delete ?? item.ConditionCheck;
        return keyed ? sum + 2 * startedKb(sizes.of(keyed.TableName, keyed.Key)) : sum;
      }, 0);
    case 'PutItem':
      return startedKb(sizes.put(request.TableName, request.Item));
    case 'UpdateItem':
    case 'DeleteItem':
      return startedKb(sizes.of(request.TableName, request.Key));
    case 'BatchWriteItem':
      return Object.entries(
        (request.RequestItems ?? {}) as Record<
          string,
          Array<{ PutRequest?: { Item: Record<string, unknown> }; DeleteRequest?: { Key: Record<string, unknown> } }>
        >,
      ).reduce(
        (sum, [table, writes]) =>
          sum +
          writes.reduce(
            (inner, write) => inner + startedKb(write.PutRequest ? sizes.put(table, write.PutRequest.Item) : sizes.of(table, write.DeleteRequest?.Key)),
            0,
          ),
        0,
      );
    default:
      return undefined;
  }
}

/** One global secondary index as the table declares it (shared/table.ts). */
export interface IndexShape {
  partitionKey: string;
  sortKey?: string;
  projection: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
  nonKeyAttributes?: readonly string[];
}

type Image = Record<string, unknown> | undefined;

/** Attribute values compared whatever the order of their names (a stream image's order is not fixed). */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : typeof value === 'object' && value !== null && !(value instanceof Uint8Array)
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

/**
 * The write units one item change costs in the indexes, as DynamoDB bills them (developer guide,
 * "Provisioned throughput considerations for Global Secondary Indexes"; on-demand bills the same
 * request units): 1 per started KB of the index entry (the table's and the index's keys and the
 * projected attributes) for an entry added, removed or rewritten; 2 entries (the old removed, the new
 * added) when an index key changes; nothing when the change touches no key or projected attribute of
 * the index. Index writes are standard writes even when the table write was transactional.
 */
export function indexWriteUnits(before: Image, after: Image, indexes: Readonly<Record<string, IndexShape>>, tableKeys: readonly string[]): number {
  return Object.values(indexWriteUnitsByIndex(before, after, indexes, tableKeys)).reduce((sum, units) => sum + units, 0);
}

/** `indexWriteUnits`, index by index. */
export function indexWriteUnitsByIndex(
  before: Image,
  after: Image,
  indexes: Readonly<Record<string, IndexShape>>,
  tableKeys: readonly string[],
): Record<string, number> {
  const byIndex: Record<string, number> = {};
  for (const [name, index] of Object.entries(indexes)) {
    let units = 0;
    const keyNames = [index.partitionKey, ...(index.sortKey ? [index.sortKey] : [])];
    const inIndex = (image: Image): image is Record<string, unknown> => image !== undefined && keyNames.every((name) => image[name] !== undefined);
    const entry = (image: Record<string, unknown>): Record<string, unknown> => {
      if (index.projection === 'ALL') return image;
      const names = new Set([...tableKeys, ...keyNames, ...(index.projection === 'INCLUDE' ? (index.nonKeyAttributes ?? []) : [])]);
      return Object.fromEntries(Object.entries(image).filter(([name]) => names.has(name)));
    };
    const entryUnits = (image: Record<string, unknown>) => startedKb(itemSize(entry(image)));
    const was = inIndex(before);
    const is = inIndex(after);
    if (was && is) {
      const keysMoved = keyNames.some((name) => canonical(before[name]) !== canonical(after[name]));
      if (keysMoved) units += entryUnits(before) + entryUnits(after);
      else if (canonical(entry(before)) !== canonical(entry(after))) units += Math.max(entryUnits(before), entryUnits(after));
    } else if (was) units += entryUnits(before);
    else if (is) units += entryUnits(after);
    byIndex[name] = units;
  }
  return byIndex;
}
