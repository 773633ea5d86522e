/**
 * The bench's DynamoDB request count per delivered purchase: the platform's process runs with
 * dynamo-requests-preload.ts, and the bench takes the totals before and after the measured run.
 * A purchase's requests are those of its request (POST /buy/airtime) and of every queue and event
 * consumer; the schedules (sweepers) and the bench's own listing polls are printed apart.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from '../../infra/local/util.js';
import { holdToGoal } from './goals.js';
import { INDEX_WRITES, isDynamoOperation, OUTSIDE_A_FUNCTION, SCHEDULED, type OperationTotal, type RequestTotals } from './dynamo-request-labels.js';

export const REQUESTS_GOAL = 4;

export interface RequestCounter {
  /** Environment for the platform's process (NODE_OPTIONS is given apart, to combine with other preloads). */
  env: Record<string, string>;
  preload: string;
  /** The platform's totals so far. */
  snapshot(platformPid: number): Promise<RequestTotals>;
  /** Snapshots until a purchase's labels stop changing (the last consumers have run). */
  settled(platformPid: number): Promise<RequestTotals>;
  dispose(): void;
}

export function requestCounter(): RequestCounter {
  const folder = mkdtempSync(join(tmpdir(), 'bench-dynamo-'));
  const file = join(folder, 'requests.json');
  let taken = 0;
  const snapshot = async (platformPid: number): Promise<RequestTotals> => {
    taken += 1;
    process.kill(platformPid, 'SIGUSR2');
    for (let waited = 0; waited < 10_000; waited += 20) {
      if (existsSync(file)) {
        const saved = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: number; totals: RequestTotals };
        if (saved.snapshot >= taken) return saved.totals;
      }
      await sleep(20);
    }
    throw new Error('the platform did not write its DynamoDB request counts (is the preload loaded?)');
  };
  return {
    env: { BENCH_DYNAMO_REQUESTS_FILE: file },
    preload: new URL('./dynamo-requests-preload.ts', import.meta.url).pathname,
    snapshot,
    async settled(platformPid) {
      let previous = -1;
      for (;;) {
        const totals = await snapshot(platformPid);
        const count = sumOf(purchaseLabels(totals).flatMap((label) => dynamoOperations(totals[label]!).map(([, total]) => total))).count;
        if (count === previous) return totals;
        previous = count;
        await sleep(1_000);
      }
    },
    dispose: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** A label's DynamoDB operations (not the other services' figures kept beside them). */
export const dynamoOperations = (operations: Record<string, OperationTotal>) =>
  Object.entries(operations).filter(([operation]) => isDynamoOperation(operation));

const isScheduled = (label: string) => label.endsWith(` ${SCHEDULED}`);
/** HTTP labels read "<function> <METHOD> <path>"; the bench's own calls during the run are GETs (listings). */
const isBenchRead = (label: string) => / GET \//.test(label);

export function purchaseLabels(totals: RequestTotals): string[] {
  return Object.keys(totals).filter((label) => label !== OUTSIDE_A_FUNCTION && !isScheduled(label) && !isBenchRead(label));
}

/** Write units as billed: computed from the items written where the bench can (dynamo-billing.ts), else as reported. */
export const billedWrites = (total: OperationTotal) => total.billedWriteUnits ?? total.writeUnits;

export function sumOf(entries: OperationTotal[]): Required<OperationTotal> {
  return entries.reduce<Required<OperationTotal>>(
    (sum, e) => ({
      count: sum.count + e.count,
      readUnits: sum.readUnits + e.readUnits,
      writeUnits: sum.writeUnits + e.writeUnits,
      billedWriteUnits: sum.billedWriteUnits + billedWrites(e),
      ms: sum.ms + (e.ms ?? 0),
      gbMs: sum.gbMs + (e.gbMs ?? 0),
    }),
    { count: 0, readUnits: 0, writeUnits: 0, billedWriteUnits: 0, ms: 0, gbMs: 0 },
  );
}

/** after − before, label by label and operation by operation. */
export function difference(before: RequestTotals, after: RequestTotals): RequestTotals {
  const result: RequestTotals = {};
  for (const [label, operations] of Object.entries(after)) {
    for (const [operation, total] of Object.entries(operations)) {
      const earlier: OperationTotal = before[label]?.[operation] ?? { count: 0, readUnits: 0, writeUnits: 0 };
      if (total.count === earlier.count) continue;
      const optional = (name: 'billedWriteUnits' | 'ms' | 'gbMs') => (total[name] === undefined ? {} : { [name]: total[name]! - (earlier[name] ?? 0) });
      (result[label] ??= {})[operation] = {
        count: total.count - earlier.count,
        readUnits: total.readUnits - earlier.readUnits,
        writeUnits: total.writeUnits - earlier.writeUnits,
        ...optional('billedWriteUnits'),
        ...optional('ms'),
        ...optional('gbMs'),
      };
    }
  }
  return result;
}

/** The write units the table's indexes cost over the labels (INDEX_WRITES: computed from the stream's changes). */
export const indexWriteUnitsOf = (window: RequestTotals, labels: readonly string[]) => sumOfUnits(windowIndexUnits(window, labels));

const sumOfUnits = (byIndex: Record<string, number>) => Object.values(byIndex).reduce((sum, units) => sum + units, 0);

/** The same, index by index. */
function windowIndexUnits(window: RequestTotals, labels: readonly string[]): Record<string, number> {
  const byIndex: Record<string, number> = {};
  for (const label of labels) {
    for (const [operation, total] of Object.entries(window[label] ?? {})) {
      if (!operation.startsWith(`${INDEX_WRITES} `)) continue;
      const index = operation.slice(INDEX_WRITES.length + 1);
      byIndex[index] = (byIndex[index] ?? 0) + (total.billedWriteUnits ?? 0);
    }
  }
  return byIndex;
}

/** The goal for the write units of a delivered purchase, its table and index writes as DynamoDB bills them. */
export const WRITE_UNITS_GOAL = 15;

const perPurchase = (n: number, purchases: number) => (n / purchases).toFixed(2).replace(/\.?0+$/, '');

/** Requests and write units (table and indexes, as billed) per delivered purchase over the window. */
export function requestFigures(window: RequestTotals, purchases: number): { requests: number; writeUnits: number } {
  const labels = purchaseLabels(window);
  const all = sumOf(labels.flatMap((label) => dynamoOperations(window[label]!).map(([, total]) => total)));
  return { requests: all.count / purchases, writeUnits: (all.billedWriteUnits + indexWriteUnitsOf(window, labels)) / purchases };
}

/** Holds a window's requests and write units per delivered purchase to their goals (a miss fails the run: goals.ts). */
export function holdRequestFigures(window: RequestTotals, purchases: number): void {
  const { requests, writeUnits } = requestFigures(window, purchases);
  holdToGoal({ figure: 'DynamoDB requests per delivered purchase', value: requests, goal: REQUESTS_GOAL, direction: 'at most' });
  holdToGoal({ figure: 'WCU per delivered purchase (as billed)', value: writeUnits, goal: WRITE_UNITS_GOAL, direction: 'at most' });
}

/** The lines `npm run bench` prints for the requests of `purchases` delivered purchases. */
export function requestFigureLines(window: RequestTotals, purchases: number): string[] {
  const labels = purchaseLabels(window).filter((label) => dynamoOperations(window[label]!).length > 0);
  const operations = new Map<string, OperationTotal[]>();
  for (const label of labels)
    for (const [operation, total] of dynamoOperations(window[label]!)) operations.set(operation, [...(operations.get(operation) ?? []), total]);
  const all = sumOf(labels.flatMap((label) => dynamoOperations(window[label]!).map(([, total]) => total)));
  const unitsByIndex = windowIndexUnits(window, purchaseLabels(window));
  const indexUnits = sumOfUnits(unitsByIndex);
  const lines = [
    `  dynamodb requests per delivered purchase: ${perPurchase(all.count, purchases)} (goal ≤ ${REQUESTS_GOAL})`,
    `    by operation: ${[...operations]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([operation, totals]) => `${operation} ${perPurchase(sumOf(totals).count, purchases)}`)
      .join(', ')}`,
    ...labels.sort().map(
      (label) =>
        `    ${label}: ${dynamoOperations(window[label]!)
          .map(([operation, total]) => `${operation} ${perPurchase(total.count, purchases)}`)
          .join(', ')} (WCU as billed ${perPurchase(sumOf(dynamoOperations(window[label]!).map(([, total]) => total)).billedWriteUnits, purchases)})`,
    ),
    `  WCU per purchase: ${perPurchase(all.billedWriteUnits + indexUnits, purchases)} (goal ≤ ${WRITE_UNITS_GOAL}), RCU per purchase: ${perPurchase(all.readUnits, purchases)}`,
    `    as DynamoDB bills writes: table ${perPurchase(all.billedWriteUnits, purchases)} (computed from the items written: 1 per started KB, 2 in a transaction) + indexes ${perPurchase(indexUnits, purchases)} (${Object.entries(
      unitsByIndex,
    )
      .map(([index, units]) => `${index} ${perPurchase(units, purchases)}`)
      .join(', ')}; from each change on the table's stream: 1 per started KB of each index entry added, rewritten or removed)`,
    `    (DynamoDB Local's own report: ${perPurchase(all.writeUnits, purchases)} WCU per purchase; it counts a transaction as 4 whatever its items, and no index write)`,
    // The outbox reads the table's stream through Lambda's event source mapping: no table request, no read capacity.
    `    (the transaction stream's reads are the event source mapping's GetRecords: not table requests, not billed as RCU for Lambda triggers)`,
  ];
  const counted = purchaseLabels(window);
  const apart = Object.keys(window).filter((label) => !counted.includes(label));
  if (apart.length) {
    lines.push(
      `    not counted (schedules, the bench's listing polls): ${apart.map((label) => `${label} ${sumOf(dynamoOperations(window[label]!).map(([, total]) => total)).count}`).join('; ')}`,
    );
  }
  return lines;
}
