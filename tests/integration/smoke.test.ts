/**
 * `npm run smoke` against the local cloud: the same script operators run against LocalStack or AWS.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useLocalCloud, REPO_ROOT } from '../support/local-cloud.js';
import { runSmoke, SmokeFailure } from '../smoke/smoke.js';

const cloud = useLocalCloud();

describe('the smoke test on the local cloud', () => {
  it('registers, funds by coupon, buys airtime, sees it succeed and the balance drop by the price', async () => {
    const steps: string[] = [];
    const result = await runSmoke({ baseUrl: cloud().baseUrl, admin: cloud().adminLogin, log: (line) => steps.push(line) });
    expect(result.charged).toBeGreaterThan(0);
    expect(result.balance).toBe(500 - result.charged);
    expect(steps.join('\n')).toMatch(
      /register a user[\s\S]*log in as the admin[\s\S]*generate a coupon[\s\S]*redeem the coupon[\s\S]*buy airtime[\s\S]*succeeded[\s\S]*balance/,
    );
  });

  it('fails, naming the step, when the admin cannot log in', async () => {
    const failure = runSmoke({ baseUrl: cloud().baseUrl, admin: { userName: cloud().adminLogin.userName, password: 'not-the-password' } });
    await expect(failure).rejects.toBeInstanceOf(SmokeFailure);
    await expect(failure).rejects.toThrow(/^log in as the admin: expected HTTP 200, got 4\d\d/);
  });

  it('runs as `npm run smoke -- <base url>` with the admin from SMOKE_ADMIN_USER / SMOKE_ADMIN_PASSWORD', () => {
    const run = spawnSync('npx', ['tsx', 'tests/smoke/run.ts', cloud().baseUrl], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, SMOKE_ADMIN_USER: cloud().adminLogin.userName, SMOKE_ADMIN_PASSWORD: cloud().adminLogin.password },
      timeout: 45_000, // measured 16.6 s on a loaded 2-core run: bound 45 s
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`smoke passed against ${cloud().baseUrl}`);
  });
});
