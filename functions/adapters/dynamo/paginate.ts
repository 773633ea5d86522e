/**
 * Every page of a Query (or Scan): follows LastEvaluatedKey until the last page, `limit` items,
 * or `maxPages` pages. A page's own `Limit` stays the caller's: with a filter it counts items
 * read, not items kept.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';

type Item = Record<string, unknown>;
type StartKey = Item | undefined;

export interface Page {
  Items?: Item[];
  LastEvaluatedKey?: Item;
}

export interface PageLimits {
  /** Items to yield at most. */
  limit?: number;
  /** Pages to read at most (a bound on cost when a filter keeps few items). */
  maxPages?: number;
}

export async function* paginate(readPage: (startKey: StartKey) => Promise<Page>, limits: PageLimits = {}, firstKey?: StartKey): AsyncGenerator<Item> {
  const { limit = Infinity, maxPages = Infinity } = limits;
  let startKey = firstKey;
  let yielded = 0;
  for (let pages = 0; pages < maxPages && yielded < limit; pages++) {
    const page = await readPage(startKey);
    for (const item of page.Items ?? []) {
      yield item;
      if (++yielded >= limit) return;
    }
    startKey = page.LastEvaluatedKey;
    if (!startKey) return;
  }
}

export function queryItems(input: QueryCommandInput, limits?: PageLimits): AsyncGenerator<Item> {
  return paginate((ExclusiveStartKey) => db().send(new QueryCommand({ ...input, ExclusiveStartKey })), limits, input.ExclusiveStartKey);
}

/** The items, or the first `limit` of them (the source is not read further). */
export async function collect<T>(items: AsyncIterable<T>, limit = Infinity): Promise<T[]> {
  const all: T[] = [];
  if (limit <= 0) return all;
  for await (const item of items) {
    all.push(item);
    if (all.length >= limit) break;
  }
  return all;
}

/** The items of every page, read into one array. */
export const queryAll = (input: QueryCommandInput, limits?: PageLimits): Promise<Item[]> => collect(queryItems(input, limits));
