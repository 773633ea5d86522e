/** Providers' webhook signatures: HMAC-SHA512 over the raw body, hex, constant-time, case-insensitive. */
import { describe, expect, it } from 'vitest';
import { hmacSha512Hex, signWebhookBody, SIGNATURE_HEADERS, verifyHmacSha512 } from '../../../functions/domain/money/provider-signatures.js';
import { receiveProviderWebhook, type ReceiverDeps } from '../../../functions/domain/money/provider-webhooks.js';
import type { ProviderEventMessage } from '../../../shared/events.js';
import type { ProviderEventStore, ReceiveResult } from '../../../functions/domain/money/money-port.js';

const SECRET = 'sk_test_secret_key_1234567890';
const body = Buffer.from(JSON.stringify({ Event: 'charge_successful', TransactionRef: 'VTU01ABC', Body: { amount: 100000 } }));

describe('HMAC-SHA512 webhook signatures', () => {
  it('accepts the digest of the raw body, in upper case (Squad) or lower case (Monnify, Paystack)', () => {
    const hex = hmacSha512Hex(SECRET, body);
    expect(hex).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyHmacSha512(body, hex.toUpperCase(), SECRET)).toBe('valid');
    expect(verifyHmacSha512(body, hex, SECRET)).toBe('valid');
    expect(verifyHmacSha512(body, ` ${hex} `, SECRET)).toBe('valid');
  });

  it('refuses a tampered body (one byte changed, or re-serialised JSON with the same meaning)', () => {
    const signature = hmacSha512Hex(SECRET, body);
    const tampered = Buffer.from(body.toString().replace('100000', '900000'));
    expect(verifyHmacSha512(tampered, signature, SECRET)).toBe('invalid');
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2));
    expect(verifyHmacSha512(reformatted, signature, SECRET)).toBe('invalid');
  });

  it('refuses a signature made with another key', () => {
    expect(verifyHmacSha512(body, hmacSha512Hex('another-key', body), SECRET)).toBe('invalid');
  });

  it('a missing or empty header is "missing"; a malformed one is "invalid"', () => {
    expect(verifyHmacSha512(body, undefined, SECRET)).toBe('missing');
    expect(verifyHmacSha512(body, '  ', SECRET)).toBe('missing');
    expect(verifyHmacSha512(body, 'not-hex', SECRET)).toBe('invalid');
    expect(verifyHmacSha512(body, hmacSha512Hex(SECRET, body).slice(0, 127), SECRET)).toBe('invalid');
    // SHA-256 length digests are not accepted as SHA-512 ones.
    expect(verifyHmacSha512(body, 'a'.repeat(64), SECRET)).toBe('invalid');
  });

  it('never validates against an empty secret (a misconfiguration must not open the door)', () => {
    expect(verifyHmacSha512(body, hmacSha512Hex('', body), '')).toBe('invalid');
    expect(verifyHmacSha512(body, hmacSha512Hex('', body), undefined)).toBe('invalid');
  });

  it('signs as each provider does, in its own header', () => {
    expect(Object.keys(signWebhookBody('squad', SECRET, body))).toEqual([SIGNATURE_HEADERS.squad]);
    expect(signWebhookBody('squad', SECRET, body)['x-squad-encrypted-body']).toBe(hmacSha512Hex(SECRET, body).toUpperCase());
    expect(signWebhookBody('monnify', SECRET, body)['monnify-signature']).toBe(hmacSha512Hex(SECRET, body));
    expect(signWebhookBody('paystack', SECRET, body)['x-paystack-signature']).toBe(hmacSha512Hex(SECRET, body));
  });
});

/** An in-memory event store and queue with the receiver's semantics. */
function receiver(initialStatus?: 'received' | 'processed') {
  const stored = new Map<string, { status: 'received' | 'processed' | 'ignored'; deliveries: number }>();
  const sent: ProviderEventMessage[] = [];
  const events: ProviderEventStore = {
    async receive(input): Promise<ReceiveResult> {
      const key = `${input.provider}:${input.eventKey}`;
      const existing = stored.get(key);
      if (existing) {
        existing.deliveries += 1;
        return { kind: 'duplicate', status: existing.status };
      }
      stored.set(key, { status: initialStatus ?? 'received', deliveries: 1 });
      return { kind: 'new' };
    },
    get: async () => undefined,
    finish: async () => undefined,
  };
  const deps: ReceiverDeps = { signingSecret: async () => SECRET, events, queue: { enqueue: async (m) => void sent.push(m) }, now: () => new Date() };
  return { deps, stored, sent };
}

describe('receiving a provider webhook', () => {
  const headersFor = (provider: 'squad' | 'monnify' | 'paystack', raw: Buffer, secret = SECRET) => signWebhookBody(provider, secret, raw);

  it('a valid signature: stored under the provider reference and queued once', async () => {
    const r = receiver();
    const outcome = await receiveProviderWebhook('squad', body, headersFor('squad', body), r.deps);
    expect(outcome).toEqual({ kind: 'accepted', eventKey: 'VTU01ABC', duplicate: false, enqueued: true });
    expect(r.sent).toEqual([{ provider: 'squad', eventKey: 'VTU01ABC' }]);
  });

  it('a wrong key, a tampered body or no header: refused before anything is stored or queued', async () => {
    const r = receiver();
    expect(await receiveProviderWebhook('squad', body, headersFor('squad', body, 'wrong'), r.deps)).toMatchObject({ kind: 'unauthorized', check: 'invalid' });
    const tampered = Buffer.from(body.toString().replace('100000', '100001'));
    expect(await receiveProviderWebhook('squad', tampered, headersFor('squad', body), r.deps)).toMatchObject({ kind: 'unauthorized', check: 'invalid' });
    expect(await receiveProviderWebhook('squad', body, {}, r.deps)).toMatchObject({ kind: 'unauthorized', check: 'missing' });
    // Another provider's header does not count.
    expect(await receiveProviderWebhook('squad', body, headersFor('paystack', body), r.deps)).toMatchObject({ kind: 'unauthorized', check: 'missing' });
    expect(r.stored.size).toBe(0);
    expect(r.sent).toEqual([]);
  });

  it('a replay of an event already processed is acknowledged and not queued again', async () => {
    const r = receiver('processed');
    await receiveProviderWebhook('squad', body, headersFor('squad', body), r.deps);
    const replay = await receiveProviderWebhook('squad', body, headersFor('squad', body), r.deps);
    expect(replay).toMatchObject({ kind: 'accepted', duplicate: true, enqueued: false });
    expect(r.sent).toHaveLength(1);
  });

  it('a repeat of an event still waiting is queued again (the first hand-off may have been lost)', async () => {
    const r = receiver('received');
    const raw = Buffer.from(JSON.stringify({ eventType: 'SUCCESSFUL_TRANSACTION', eventData: { transactionReference: 'MNFY|1' } }));
    await receiveProviderWebhook('monnify', raw, headersFor('monnify', raw), r.deps);
    const again = await receiveProviderWebhook('monnify', raw, headersFor('monnify', raw), r.deps);
    expect(again).toMatchObject({ kind: 'accepted', eventKey: 'SUCCESSFUL_TRANSACTION:MNFY|1', duplicate: true, enqueued: true });
    expect(r.sent).toHaveLength(2);
  });

  it('a signed body without a reference, or not JSON, is a bad request and stores nothing', async () => {
    const r = receiver();
    const noRef = Buffer.from(JSON.stringify({ Event: 'charge_successful' }));
    expect(await receiveProviderWebhook('squad', noRef, headersFor('squad', noRef), r.deps)).toMatchObject({ kind: 'bad_request' });
    const notJson = Buffer.from('hello');
    expect(await receiveProviderWebhook('squad', notJson, headersFor('squad', notJson), r.deps)).toMatchObject({ kind: 'bad_request' });
    expect(r.stored.size).toBe(0);
  });

  it('Paystack: a success and a later reversal of one transfer are two events', async () => {
    const r = receiver();
    for (const event of ['transfer.success', 'transfer.reversed']) {
      const raw = Buffer.from(JSON.stringify({ event, data: { reference: 'abcdefghjkmnpqrstvwxyz0123' } }));
      expect(await receiveProviderWebhook('paystack', raw, headersFor('paystack', raw), r.deps)).toMatchObject({ kind: 'accepted', duplicate: false });
    }
    expect(r.sent.map((m) => m.eventKey)).toEqual(['transfer.success:abcdefghjkmnpqrstvwxyz0123', 'transfer.reversed:abcdefghjkmnpqrstvwxyz0123']);
  });
});
