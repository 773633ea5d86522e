/**
 * The supplier contract: every supplier's gateway, fed the same table of situations in its own wire
 * format, must give the same outcome. Delivered settles; a definite failure refunds (or fails over);
 * anything that may hide a delivery is ambiguous and re-queried, never refunded. A new supplier
 * joins by adding its wire answers below; the outcomes are not its to choose.
 */
import { describe, expect, it } from 'vitest';
import { MsorgSupplier } from '../../../functions/adapters/suppliers/msorg/gateway.js';
import { VtpassSupplier } from '../../../functions/adapters/suppliers/vtpass/gateway.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import type { SupplierGateway } from '../../../functions/domain/purchases/suppliers-port.js';

/** What the supplier's server does with one call. */
type Wire = { status: number; body: unknown } | 'timeout' | 'network_error';

const SUBMISSIONS = ['delivered', 'refused', 'processing', 'server_error', 'unreadable', 'timeout', 'network_error'] as const;
const REQUERIES = ['delivered', 'failed', 'processing', 'server_error', 'timeout'] as const;
type Submission = (typeof SUBMISSIONS)[number];
type Requery = (typeof REQUERIES)[number];

/** The one table every supplier answers to. */
const SUBMISSION_OUTCOME: Record<Submission, SupplierOutcome> = {
  delivered: 'delivered',
  refused: 'failed',
  processing: 'ambiguous',
  server_error: 'ambiguous',
  unreadable: 'ambiguous',
  timeout: 'ambiguous',
  network_error: 'ambiguous',
};
const REQUERY_OUTCOME: Record<Requery, SupplierOutcome> = {
  delivered: 'delivered',
  failed: 'failed',
  processing: 'ambiguous',
  server_error: 'ambiguous',
  timeout: 'ambiguous',
};

interface ContractSupplier {
  name: string;
  gateway(fetch: typeof globalThis.fetch): SupplierGateway;
  submission: Record<Submission, Wire>;
  requery: Record<Requery, Wire>;
}

const vtpassTransaction = (status: string) => ({
  code: '000',
  content: { transactions: { status, transactionId: '17' } },
  response_description: 'TRANSACTION SUCCESSFUL',
});

const SUPPLIERS: ContractSupplier[] = [
  {
    name: 'MSORG panel',
    gateway: (fetch) =>
      new MsorgSupplier({
        config: { name: 'GLAD', protocol: 'msorg', baseUrl: 'http://panel.test/', networkIds: { MTN: 1 } },
        token: async () => 'token',
        timeoutMs: 200,
        fetch,
      }),
    submission: {
      delivered: { status: 200, body: { id: 7, Status: 'successful', api_response: 'done' } },
      refused: { status: 400, body: { error: ['Insufficient balance'] } },
      processing: { status: 200, body: { id: 7, Status: 'processing' } },
      server_error: { status: 502, body: 'Bad gateway' },
      unreadable: { status: 200, body: '<html>maintenance</html>' },
      timeout: 'timeout',
      network_error: 'network_error',
    },
    requery: {
      delivered: { status: 200, body: { id: 7, Status: 'successful' } },
      failed: { status: 200, body: { id: 7, Status: 'failed' } },
      processing: { status: 200, body: { id: 7, Status: 'pending' } },
      server_error: { status: 500, body: 'oops' },
      timeout: 'timeout',
    },
  },
  {
    name: 'VTpass',
    gateway: (fetch) =>
      new VtpassSupplier({
        config: { name: 'VTPASS', protocol: 'vtpass', baseUrl: 'http://vtpass.test', networks: ['MTN'], dataVariationCodes: {}, electricity: true },
        secret: async () => 'key',
        timeoutMs: 200,
        fetch,
      }),
    submission: {
      delivered: { status: 200, body: vtpassTransaction('delivered') },
      refused: { status: 200, body: { code: '016', response_description: 'TRANSACTION FAILED' } },
      processing: { status: 200, body: { code: '099', response_description: 'TRANSACTION IS PROCESSING' } },
      server_error: { status: 503, body: 'unavailable' },
      unreadable: { status: 200, body: '<html>maintenance</html>' },
      timeout: 'timeout',
      network_error: 'network_error',
    },
    requery: {
      delivered: { status: 200, body: vtpassTransaction('delivered') },
      failed: { status: 200, body: { code: '016', response_description: 'TRANSACTION FAILED' } },
      processing: { status: 200, body: vtpassTransaction('pending') },
      server_error: { status: 500, body: 'oops' },
      timeout: 'timeout',
    },
  },
];

/** A fetch that plays one wire answer: a timeout waits for the gateway's own abort. */
function playing(wire: Wire): typeof globalThis.fetch {
  return async (_input, init) => {
    if (wire === 'network_error') throw new TypeError('fetch failed');
    if (wire === 'timeout') {
      return new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        const abort = () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
        if (signal?.aborted) abort();
        signal?.addEventListener('abort', abort);
      });
    }
    const text = typeof wire.body === 'string' ? wire.body : JSON.stringify(wire.body);
    return new Response(text, { status: wire.status, headers: { 'content-type': 'application/json' } });
  };
}

const order = {
  requestId: '01JCONTRACT0000000000000',
  placedAt: '2026-01-05T10:00:00.000Z',
  network: 'MTN' as const,
  phoneNumber: '08031234567',
  faceValueKobo: 100_00,
};

describe.each(SUPPLIERS)('$name keeps the supplier contract', (supplier) => {
  it.each(SUBMISSIONS)('a submission answered "%s" gives the contract outcome', async (situation) => {
    const result = await supplier.gateway(playing(supplier.submission[situation])).buyAirtime(order);
    expect(result.outcome).toBe(SUBMISSION_OUTCOME[situation]);
    expect(result.supplier).toBeTruthy();
  });

  it.each(REQUERIES)('a re-query answered "%s" gives the contract outcome', async (situation) => {
    const result = await supplier
      .gateway(playing(supplier.requery[situation]))
      .requery({ requestId: order.requestId, placedAt: order.placedAt, supplierReference: '7' });
    expect(result.outcome).toBe(REQUERY_OUTCOME[situation]);
  });

  it('a gateway never throws for supplier trouble, whatever the wire gives', async () => {
    const broken: typeof globalThis.fetch = async () => {
      throw new Error('socket hang up');
    };
    await expect(supplier.gateway(broken).buyAirtime(order)).resolves.toMatchObject({ outcome: 'ambiguous' });
  });
});
