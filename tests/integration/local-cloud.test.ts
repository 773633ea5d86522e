/**
 * Smoke tests of the local cloud itself: it starts from the CDK stack, serves the app with the SPA
 * fallback, answers unknown API paths with {msg}, captures mail, logs supplier calls, and the
 * seeded admin can log in.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTopology, synthTemplate } from '../../infra/local/runtime/template.js';
import { ROUTES, routeKey } from '../../shared/routes.js';
import { REPO_ROOT, useLocalCloud } from '../support/local-cloud.js';

const cloud = useLocalCloud();
const webBuilt = existsSync(join(REPO_ROOT, 'web', 'dist', 'index.html'));

describe('the topology the local cloud reads from the CDK stack', () => {
  it('has every route, a consumer for every work queue, the bus rules and the schedule', async () => {
    const topology = parseTopology(await synthTemplate());
    expect(topology.routes.map((r) => r.routeKey).sort()).toEqual(ROUTES.map(routeKey).sort());
    const consumed = new Set(topology.eventSourceMappings.map((m) => m.queueLogicalId));
    for (const queue of topology.queues.filter((q) => q.redrive)) expect(consumed.has(queue.logicalId)).toBe(true);
    expect(topology.rules.length).toBeGreaterThan(0);
    expect(topology.schedules.length).toBeGreaterThan(0);
    for (const fn of topology.functions) expect(existsSync(join(REPO_ROOT, fn.entry))).toBe(true);
  }, 60_000);
});

describe('the local cloud', () => {
  it.runIf(webBuilt)('serves the web app at /', async () => {
    const response = await fetch(`${cloud().baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/<div id="root"|<script/);
  });

  it.runIf(webBuilt)('answers deep links with index.html so the app can route them', async () => {
    const [deep, root] = await Promise.all([fetch(`${cloud().baseUrl}/profile/buyAirtime`), fetch(`${cloud().baseUrl}/`)]);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toBe(await root.text());
  });

  it.runIf(webBuilt)('does not turn missing files into index.html', async () => {
    const response = await fetch(`${cloud().baseUrl}/assets/missing-file.js`);
    expect(response.status).toBe(404);
  });

  it('answers an unknown API path with 404 {msg}', async () => {
    const response = await fetch(`${cloud().baseUrl}/api/v1/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: expect.any(String) });
  });

  it('answers a known path with the wrong method with 405', async () => {
    const response = await fetch(`${cloud().baseUrl}/api/v1/auth/login`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('POST');
  });

  it('refuses request bodies over 1 MB with 413', async () => {
    const response = await fetch(`${cloud().baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'x', password: 'y'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
  });

  it('has a mail viewer', async () => {
    const page = await fetch(`${cloud().baseUrl}/_local/mail`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Local mail');
    expect(Array.isArray(await cloud().readMail())).toBe(true);
  });

  it('exposes the supplier simulators call logs', async () => {
    const calls = await cloud().simulatorCalls('ALARO', 'no-such-request');
    expect(calls).toMatchObject({ supplier: 'ALARO', count: 0 });
  });

  it('serves the simulators (their controls, call logs and pages) on their own loopback port only: the public port answers 404 for /_sim/*', async () => {
    const json = { 'content-type': 'application/json' };
    const requests: Array<[string, string, RequestInit?]> = [
      ['POST', '/_sim/alaro/control', { headers: json, body: JSON.stringify({ forceOutcome: null }) }],
      ['GET', '/_sim/alaro/calls'],
      ['GET', '/_sim/vtpass/calls'],
      ['GET', '/_sim/monnify/transfer'],
      ['POST', '/_sim/monnify/transfer', { headers: json, body: '{}' }],
      ['GET', '/_sim/payout/transfers'],
      ['GET', '/_sim/squad/checkout/no-such-reference'],
      ['GET', '/_sim/'],
    ];
    for (const [method, path, init] of requests) {
      const response = await fetch(`${cloud().baseUrl}${path}`, { method, ...init });
      expect(response.status, `${method} ${path} on the public port`).toBe(404);
      await response.body?.cancel();
    }
    const simulators = new URL(cloud().simulatorsUrl);
    expect(simulators.hostname).toMatch(/^(localhost|127\.0\.0\.1)$/);
    expect(simulators.port).not.toBe(new URL(cloud().baseUrl).port);
    const control = await fetch(`${cloud().simulatorsUrl}/_sim/alaro/control`, { method: 'POST', headers: json, body: JSON.stringify({ forceOutcome: null }) });
    expect(control.status).toBe(200);
    expect((await fetch(`${cloud().simulatorsUrl}/_sim/alaro/calls`)).status).toBe(200);
    const transferPage = await fetch(`${cloud().simulatorsUrl}/_sim/monnify/transfer`);
    expect(transferPage.status).toBe(200);
    // The page's form posts to the simulators' origin, not to the public one.
    expect(await transferPage.text()).toContain(`action="${cloud().simulatorsUrl}/_sim/monnify/transfer"`);
    expect((await fetch(`${cloud().simulatorsUrl}/_sim/payout/transfers`)).status).toBe(200);
  });

  it('logs in the seeded admin', async () => {
    const { userName, password } = cloud().adminLogin;
    const response = await fetch(`${cloud().baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token?: string; user?: { isAdmin?: boolean } };
    expect(body.token).toEqual(expect.any(String));
    expect(body.user?.isAdmin).toBe(true);
  });

  it('delivers an e-mail end to end: API → EventBridge rule → SQS → mailer → SES → mail viewer', async () => {
    const email = `smoke-${Date.now()}@example.com`;
    const register = await fetch(`${cloud().baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userName: `smoke${Date.now() % 1e6}`,
        email,
        phoneNumber: '08012345678',
        password: 'smoke-pass-1',
        passwordCheck: 'smoke-pass-1',
      }),
    });
    expect(register.status).toBeLessThan(300);
    const reset = await fetch(`${cloud().baseUrl}/api/v1/auth/requestPasswordReset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(reset.status).toBe(200);
    const mail = await cloud().waitForMail(email);
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\//);
  });
});
