/**
 * A fixed number of workers over a list: each takes the next item when it is free, so at most
 * `limit` calls of `work` run at once and the list is started in order. Resolves when every item
 * has been handled. `work` handles its own failures: a rejection ends the whole call early.
 */
export async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
}
