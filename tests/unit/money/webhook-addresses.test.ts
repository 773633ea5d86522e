/**
 * Webhook URLs cannot reach inside our network. Only literal IPs used to be
 * checked, so a name resolving to a private address (`127.0.0.1.nip.io`, `169.254.169.254.nip.io`)
 * passed, and the test delivery reported the receiver's status or `ECONNREFUSED`: a port scanner.
 * Here, with the system's real resolver (`localhost.` — a dotted name /etc/hosts resolves to
 * 127.0.0.1, accepted by the old check) and the real profile handler on DynamoDB Local:
 *   - every forbidden range is refused, IPv4-mapped IPv6 included;
 *   - a name resolving to a private address is refused at save and at send, before any connection;
 *   - the user sees one generic reason, never the cause;
 *   - the local cloud's allowance (ALLOW_LOOPBACK_WEBHOOKS) still delivers to a loopback receiver,
 *     through the address the check resolved.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MSG, WEBHOOK_MSG } from '../../../shared/messages.js';
import { saveWebhookUrl } from '../../../functions/adapters/dynamo/accounts/profile.js';
import { resolveWebhookHost, webhookPoster } from '../../../functions/adapters/webhook-poster.js';
import { isAllowedWebhookAddress, isForbiddenAddress } from '../../../functions/domain/notifications/webhook-addresses.js';
import { checkWebhookUrl } from '../../../functions/domain/accounts/profile.js';
import { handler as profile } from '../../../functions/handlers/http/profile.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { call } from '../catalogue/http.js';
import { newUser } from './fakes.js';

useDynamoDb();

/** A receiver that counts the TCP connections made to it: a refused address must not even connect. */
let server: Server;
let port = 0;
let connections = 0;
let requests = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('webhook addresses', () => {
  it('refuses private, loopback, link-local, CGNAT, benchmarking, documentation, multicast, reserved and broadcast addresses, in IPv4 and IPv6', () => {
    const forbidden = [
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      '[::1]',
    ];
    for (const address of forbidden) expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '198.20.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isForbiddenAddress(address), address).toBe(false);
  });

  it('the local allowance lets loopback through and nothing else private', () => {
    expect(isAllowedWebhookAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedWebhookAddress('::1', true)).toBe(true);
    expect(isAllowedWebhookAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedWebhookAddress('169.254.169.254', true)).toBe(false);
    expect(isAllowedWebhookAddress('10.0.0.1', true)).toBe(false);
  });

  it('a literal forbidden address in the URL is refused before any look-up (198.18/15, 224/4, 240/4, IPv4-mapped IPv6)', () => {
    for (const url of [
      'https://198.18.0.1/x',
      'https://224.0.0.1/x',
      'https://240.0.0.1/x',
      'https://[::ffff:169.254.169.254]/x',
      'https://[::ffff:7f00:1]/x',
      'https://localhost./x',
    ]) {
      expect(checkWebhookUrl(url, false), url).toEqual({ ok: false });
    }
    expect(checkWebhookUrl('https://hooks.example.com/x', false)).toEqual({ ok: true, url: 'https://hooks.example.com/x' });
  });

  it('a DNS name resolving to a loopback address is refused by the real resolver; allowed only under the local allowance', async () => {
    expect(await resolveWebhookHost('localhost.', false)).toEqual({ ok: false, reason: 'forbidden_address' });
    expect(await resolveWebhookHost('localhost.', true)).toMatchObject({ ok: true });
    expect(await resolveWebhookHost('no-such-host.invalid', false)).toEqual({ ok: false, reason: 'not_found' });
  });
});

describe('saving and sending a webhook to a name that resolves inside', () => {
  it('rejection: saving https://<a name resolving to 127.0.0.1>/ is refused like a private address (400)', async () => {
    const user = await newUser();
    const saved = await call(profile, 'updateWebhook', user, { body: { webhookUrl: `https://localhost.:${port}/hook` } });
    expect(saved).toEqual({ status: 400, body: { msg: MONEY_MSG.invalidWebhookUrl } });
  });

  it('rejection: a URL stored before the rule (or whose DNS changed since) is refused at send: no connection, and the user sees only a generic reason', async () => {
    const user = await newUser();
    expect(await saveWebhookUrl(user.userId, `https://localhost.:${port}/hook`, 'whsec_c2VjcmV0', new Date())).toBeDefined();
    const before = connections;
    const sent = await call(profile, 'testWebhook', user, { body: {} });
    // Before this rule, this connected and answered 200 with the TLS error (EPROTO): a port probe.
    expect(sent).toEqual({ status: 400, body: { msg: MONEY_MSG.invalidWebhookUrl } });
    expect(connections).toBe(before);
    const log = await call(profile, 'webhookDeliveries', user);
    expect(JSON.stringify(log.body)).not.toMatch(/ECONN|EPROTO|ENOTFOUND|127\.0\.0\.1|EWEBHOOK/);
  });

  it('the poster refuses a name resolving inside without connecting; with the local allowance it connects to the checked loopback address and delivers', async () => {
    const before = { connections, requests };
    const cloud = webhookPoster(() => false);
    expect(await cloud(`http://localhost.:${port}/hook`, { headers: {}, body: '{}' }, 2_000)).toEqual({ kind: 'unreachable', reason: WEBHOOK_MSG.unreachable });
    expect(await cloud(`http://127.0.0.1:${port}/hook`, { headers: {}, body: '{}' }, 2_000)).toEqual({ kind: 'unreachable', reason: WEBHOOK_MSG.unreachable });
    expect({ connections, requests }).toEqual(before);
    const local = webhookPoster(() => true);
    expect(await local(`http://localhost.:${port}/hook`, { headers: {}, body: '{}' }, 2_000)).toEqual({ kind: 'answered', status: 204 });
    expect(requests).toBe(before.requests + 1);
  });

  it('a closed port and a receiver that never answers read the same to the user (no port scanning)', async () => {
    const local = webhookPoster(() => true);
    const closed = await local('http://127.0.0.1:1/hook', { headers: {}, body: '{}' }, 1_000);
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const hung = await local(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`, { headers: {}, body: '{}' }, 500);
      expect(closed).toEqual({ kind: 'unreachable', reason: WEBHOOK_MSG.unreachable });
      expect(hung).toEqual(closed);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
