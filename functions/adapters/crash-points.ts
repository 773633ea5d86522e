/**
 * Named crash points: places between two steps of the money path where the local cloud can be
 * made to die, as a Lambda host or the machine would, to prove that a restart on the same data
 * finishes every purchase once (tests/integration/crash-points.test.ts, `npm run soak`).
 *
 * Armed only by LOCAL_CRASH_POINT=<name> in the local cloud's environment, read once. In the cloud
 * there is nothing to arm: the stack's bundling defines `__CRASH_POINTS__` as false
 * (LAMBDA_BUNDLING.define in infra/stack/functions.ts), so esbuild compiles every point to nothing
 * and drops this module's code — the list, the variable's name, the kill — from the deployed
 * bundles (tests/infra/crash-points-bundle.test.ts); the stack never sets the variable either
 * (tests/infra/crash-points.test.ts). Everything else — the local cloud's own build, tsx, Vitest —
 * leaves `__CRASH_POINTS__` undefined, and the points are there.
 * An armed point ends the process on its first pass (or the LOCAL_CRASH_POINT_PASS-th) with SIGKILL: no finally blocks, no flushes,
 * no graceful shutdown of pollers, nothing acknowledged that was not acknowledged already.
 */
import { writeSync } from 'node:fs';

/** Every crash point, in the order a purchase meets them. */
export const CRASH_POINTS = [
  /** The purchase is debited and its record written; the table's stream has not handed it to fulfilment. */
  'after-debit-before-handover',
  /** The supplier accepted (delivered) the purchase; the record still says `processing`. */
  'after-supplier-accepted-before-record-update',
  /** The purchase is final in the table; its TransactionSettled event is not on the bus yet. */
  'after-settle-before-publish',
  /** The refund's write (credit + purchase `refunded` + refund record) committed; its caller never heard. */
  'mid-refund',
  /** The payout provider accepted the transfer; the withdrawal does not record it yet. */
  'mid-payout',
  /** The receiver got the webhook; the attempt is neither logged nor acknowledged to the queue. */
  'mid-webhook-delivery',
] as const;

export type CrashPointName = (typeof CRASH_POINTS)[number];

export const CRASH_POINT_ENV = 'LOCAL_CRASH_POINT';
/** Which pass of the armed point dies (1, the default: the first); later passes let a burst get under way first. */
export const CRASH_POINT_PASS_ENV = 'LOCAL_CRASH_POINT_PASS';

/** What the process prints just before it dies at a point (tests and the soak wait for it). */
export const CRASH_POINT_MARK = 'CRASH POINT REACHED';

export class UnknownCrashPointError extends Error {
  constructor(name: string) {
    super(`${CRASH_POINT_ENV}=${name} names no crash point; known: ${CRASH_POINTS.join(', ')}`);
    this.name = 'UnknownCrashPointError';
  }
}

export function isCrashPointName(value: string): value is CrashPointName {
  return (CRASH_POINTS as readonly string[]).includes(value);
}

/** The armed point of `source` (unset or empty: none); an unknown name fails loudly. */
export function armedCrashPoint(source: Record<string, string | undefined> = process.env): CrashPointName | undefined {
  const value = source[CRASH_POINT_ENV];
  if (value === undefined || value === '') return undefined;
  if (!isCrashPointName(value)) throw new UnknownCrashPointError(value);
  return value;
}

export class InvalidCrashPointPassError extends Error {
  constructor(value: string) {
    super(`${CRASH_POINT_PASS_ENV}=${value} is not a positive whole number`);
    this.name = 'InvalidCrashPointPassError';
  }
}

/** The pass of the armed point that dies (unset or empty: 1). */
export function crashPointPass(source: Record<string, string | undefined> = process.env): number {
  const value = source[CRASH_POINT_PASS_ENV];
  if (value === undefined || value === '') return 1;
  const pass = Number(value);
  if (!Number.isSafeInteger(pass) || pass < 1) throw new InvalidCrashPointPassError(value);
  return pass;
}

/**
 * `false` in the cloud bundles (esbuild `define`, see the top of this file); undefined, so true,
 * wherever nothing defines it. A global that is never assigned: only a build can give it a value.
 */
declare const __CRASH_POINTS__: boolean | undefined;

/** The name esbuild's `define` replaces (LAMBDA_BUNDLING.define): `false` there compiles every crash point out. */
export const CRASH_POINTS_SWITCH = '__CRASH_POINTS__';

let armed: { name: CrashPointName | undefined; pass: number } | undefined;
let passes = 0;

function dieIfArmed(name: CrashPointName): void {
  armed ??= { name: armedCrashPoint(), pass: crashPointPass() };
  if (armed.name !== name) return;
  passes++;
  if (passes < armed.pass) return;
  // Synchronous, so the line is out before the signal; nothing else runs after it.
  writeSync(2, `${CRASH_POINT_MARK} ${name} pass ${passes} (pid ${process.pid})\n`);
  process.kill(process.pid, 'SIGKILL');
}

/**
 * Dies here if this point is armed and this is its fatal pass; otherwise does nothing — and in the
 * cloud bundles it is an empty function. The switch is written out in this one expression rather
 * than read from a constant: esbuild drops dieIfArmed, and all that only it uses, only when it
 * sees at parse time that nothing can reach it.
 */
export const crashPoint: (name: CrashPointName) => void = typeof __CRASH_POINTS__ === 'undefined' || __CRASH_POINTS__ ? dieIfArmed : () => {};

/** `work`, then the point: for "the other party did it, we have not recorded it". In the cloud bundles: `work` itself. */
export function crashAfter<A extends unknown[], R>(name: CrashPointName, work: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  if (!(typeof __CRASH_POINTS__ === 'undefined' || __CRASH_POINTS__)) return work;
  return async (...args) => {
    const result = await work(...args);
    crashPoint(name);
    return result;
  };
}

/** The point, then `work`: for "we decided, the next step has not happened". In the cloud bundles: `work` itself. */
export function crashBefore<A extends unknown[], R>(name: CrashPointName, work: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  if (!(typeof __CRASH_POINTS__ === 'undefined' || __CRASH_POINTS__)) return work;
  return async (...args) => {
    crashPoint(name);
    return work(...args);
  };
}
