/**
 * `npm run bench -- reset`: a password-reset request must not tell whether an
 * e-mail is registered, by its answer or by its time. Before, a registered address answered in
 * 76–286 ms and an unknown one in 7–49 ms, because the mail was built and sent on the request path.
 * Now the request only publishes an event (the mail and its throttle are handled off the path).
 *
 * Sends ROUNDS requests for registered addresses and as many for unknown ones, interleaved, each
 * from a client address of its own (a loopback address: the edge takes it from the socket), so no
 * per-address or per-client throttle answers instead; prints p50 and p95 of each kind, their ratio,
 * and whether every answer was the same. Knobs: BENCH_RESET_ROUNDS (default 30).
 */
import { apiPath } from '../../shared/routes.js';
import { startLocalCloud } from '../support/local-cloud.js';
import { loopbackAddress, requestFrom } from '../support/loopback.js';
import { call } from './platform.js';

const ROUNDS = Number(process.env.BENCH_RESET_ROUNDS ?? 30);
const WARMUP = 5;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function resetTimingBench(): Promise<void> {
  const cloud = await startLocalCloud({ env: { POWERTOOLS_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'ERROR' } });
  try {
    const stamp = Date.now().toString(36);
    const registered: string[] = [];
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      const userName = `reset${i}_${stamp}`;
      await call(cloud, 'POST', apiPath('register'), {
        userName,
        email: `${userName}@example.com`,
        phoneNumber: '08012345678',
        password: 'bench-password-1',
        passwordCheck: 'bench-password-1',
      });
      registered.push(`${userName}@example.com`);
    }
    const times = { registered: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    let viewer = 0;
    const ask = async (email: string): Promise<number> => {
      viewer += 1;
      const started = performance.now();
      const reply = await requestFrom(cloud.baseUrl, loopbackAddress(18, viewer), 'POST', apiPath('requestPasswordReset'), { body: { email } });
      const took = performance.now() - started;
      answers.add(`${reply.status} ${JSON.stringify(reply.body)}`);
      return took;
    };
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      // Interleaved, the order alternating, so neither kind always meets a warmer process.
      const pair = i % 2 === 0 ? (['registered', 'unknown'] as const) : (['unknown', 'registered'] as const);
      for (const kind of pair) {
        const took = await ask(kind === 'registered' ? registered[i]! : `nobody${i}_${stamp}@example.com`);
        if (i >= WARMUP) times[kind].push(took);
      }
    }
    const line = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;
    const ratio = percentile(times.registered, 50) / percentile(times.unknown, 50);
    console.log(`password reset, ${ROUNDS} requests of each kind (the rule: the same answer in the same time):`);
    console.log(`  registered e-mail: ${line(times.registered)}`);
    console.log(`  unknown e-mail:    ${line(times.unknown)}`);
    console.log(`  p50 ratio registered/unknown: ${ratio.toFixed(2)} (before: 76–286 ms against 7–49 ms)`);
    console.log(`  every answer the same: ${answers.size === 1 ? 'yes' : `no (${[...answers].join(' | ')})`}`);
  } finally {
    await cloud.stop();
  }
}
