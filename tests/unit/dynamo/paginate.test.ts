/** Pagination follows LastEvaluatedKey to the last page, and stops at the item or page limit without reading further. */
import { describe, expect, it } from 'vitest';
import { collect, paginate, type Page } from '../../../functions/adapters/dynamo/paginate.js';

/** A table of `total` items served `pageSize` at a time, recording the start key of every page read. */
function pagedTable(total: number, pageSize: number) {
  const startKeys: unknown[] = [];
  const readPage = async (startKey: Record<string, unknown> | undefined): Promise<Page> => {
    startKeys.push(startKey);
    const from = startKey ? Number(startKey.n) + 1 : 0;
    const Items = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => ({ n: from + i }));
    const last = Items.at(-1);
    return { Items, ...(last && last.n < total - 1 ? { LastEvaluatedKey: { n: last.n } } : {}) };
  };
  return { readPage, startKeys };
}

describe('paginate', () => {
  it('follows LastEvaluatedKey through every page, in order', async () => {
    const table = pagedTable(7, 3);
    const items = await collect(paginate(table.readPage));
    expect(items.map((item) => item.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(table.startKeys).toEqual([undefined, { n: 2 }, { n: 5 }]);
  });

  it('stops at the item limit, reading no page past it', async () => {
    const table = pagedTable(100, 3);
    const items = await collect(paginate(table.readPage, { limit: 5 }));
    expect(items.map((item) => item.n)).toEqual([0, 1, 2, 3, 4]);
    expect(table.startKeys).toHaveLength(2);
  });

  it('stops at the page limit', async () => {
    const table = pagedTable(100, 3);
    expect(await collect(paginate(table.readPage, { maxPages: 2 }))).toHaveLength(6);
    expect(table.startKeys).toHaveLength(2);
  });

  it('starts from the given key', async () => {
    const table = pagedTable(5, 10);
    expect((await collect(paginate(table.readPage, {}, { n: 2 }))).map((item) => item.n)).toEqual([3, 4]);
  });

  it('rejects: no LastEvaluatedKey means no further page, even when a page came back empty', async () => {
    const table = pagedTable(0, 3);
    expect(await collect(paginate(table.readPage))).toEqual([]);
    expect(table.startKeys).toEqual([undefined]);
  });

  it('rejects: a limit of 0 reads nothing', async () => {
    const table = pagedTable(10, 3);
    expect(await collect(paginate(table.readPage, { limit: 0 }))).toEqual([]);
    expect(table.startKeys).toEqual([]);
  });
});
