/**
 * `npm run soak`: crash rounds (tests/support/crash-round.ts) at randomly chosen crash points and
 * passes for SOAK_MINUTES (default 5), each on a fresh data folder: the local cloud dies at the
 * point, restarts on the same data, and the round checks outcomes, supplier calls, the ledger replay
 * and webhook ids. One line per round; exit code 1 if any round broke a rule.
 *
 *   SOAK_MINUTES=20 npm run soak
 *   SOAK_SEED=1234 npm run soak        # the same sequence of points and passes again
 *   SOAK_POINTS=mid-refund,mid-payout  # only these points
 */
import { CRASH_POINTS, isCrashPointName, type CrashPointName } from '../../functions/adapters/crash-points.js';
import { crashRound, crashRoundLine, LATEST_SURE_PASS, startWebhookReceiver } from '../support/crash-round.js';
import setupDynamoDb from '../support/global-dynamodb.js';
import setupTemplate from '../support/global-template.js';

class SoakConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SoakConfigError';
  }
}

function readConfig(env: NodeJS.ProcessEnv) {
  const minutes = Number(env.SOAK_MINUTES ?? '5');
  if (!Number.isFinite(minutes) || minutes <= 0) throw new SoakConfigError(`SOAK_MINUTES must be a positive number, got "${env.SOAK_MINUTES}"`);
  const seed = env.SOAK_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(env.SOAK_SEED);
  if (!Number.isSafeInteger(seed)) throw new SoakConfigError(`SOAK_SEED must be a whole number, got "${env.SOAK_SEED}"`);
  const named = env.SOAK_POINTS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = named?.filter((name) => !isCrashPointName(name)) ?? [];
  if (unknown.length) throw new SoakConfigError(`SOAK_POINTS names no crash point: ${unknown.join(', ')} (known: ${CRASH_POINTS.join(', ')})`);
  const points: readonly CrashPointName[] = named?.length ? (named as CrashPointName[]) : CRASH_POINTS;
  return { minutes, seed, points };
}

/** mulberry32: a small seeded generator, so a failing sequence can be run again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<number> {
  const { minutes, seed, points } = readConfig(process.env);
  const random = seeded(seed);
  console.log(`soak: ${minutes} min, seed ${seed}, points ${points.join(', ')}`);
  // What a test run shares (one DynamoDB Local, one synthesized template), here for the soak's rounds.
  const stopDynamo = await setupDynamoDb();
  const stopTemplate = await setupTemplate();
  const receiver = await startWebhookReceiver();
  const deadline = Date.now() + minutes * 60_000;
  let rounds = 0;
  const failed: string[] = [];
  try {
    while (Date.now() < deadline) {
      rounds++;
      const point = points[Math.floor(random() * points.length)]!;
      const pass = 1 + Math.floor(random() * LATEST_SURE_PASS[point]);
      try {
        const result = await crashRound(point, receiver, { pass });
        const ok = result.crashedAtPoint && result.problems.length === 0;
        console.log(`${String(rounds).padStart(3)} ${ok ? 'ok  ' : 'FAIL'} ${crashRoundLine(result)}`);
        if (!ok) {
          failed.push(`round ${rounds} (${point}, pass ${pass})`);
          for (const problem of result.problems) console.log(`      ${problem}`);
        }
      } catch (error) {
        failed.push(`round ${rounds} (${point}, pass ${pass})`);
        console.log(`${String(rounds).padStart(3)} FAIL ${point} (pass ${pass}): ${(error as Error).message}`);
      }
    }
  } finally {
    await receiver.close();
    stopTemplate?.();
    await stopDynamo?.();
  }
  console.log(`soak: ${rounds} round(s), ${failed.length} failed${failed.length ? `: ${failed.join('; ')}` : ''} (seed ${seed})`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof SoakConfigError ? error.message : error);
    process.exit(2);
  },
);
