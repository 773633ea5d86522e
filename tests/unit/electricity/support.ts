/** Shared by the electricity adapter tests: orders, and a simulator served over loopback HTTP. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ElectricityOrder } from '../../../functions/domain/purchases/suppliers-port.js';
import { listenLoopback, safeHandler, type Listening } from '../../../infra/local/util.js';

let seq = 0;

/** A ₦2,000 prepaid Ikeja order for the meter, with a fresh request id. */
export function electricityOrder(meterNumber: string, extra: Partial<ElectricityOrder> = {}): ElectricityOrder {
  seq += 1;
  return {
    requestId: `01JTEST${Date.now().toString(36).toUpperCase()}${seq}`,
    placedAt: new Date().toISOString(),
    meterId: 18,
    company: 'Ikeja',
    meterNumber,
    meterType: 'prepaid',
    amountKobo: 2_000_00,
    phoneNumber: '08012345678',
    ...extra,
  };
}

/** Serves a simulator (its `handle(req, res, path, query)`) on a loopback port; answers its base URL. */
export async function serveSimulator(simulator: {
  handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void>;
}): Promise<{ server: Listening; baseUrl: string }> {
  const server = await listenLoopback(
    safeHandler((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      return simulator.handle(req, res, url.pathname, url.searchParams);
    }, 'test'),
    0,
  );
  return { server, baseUrl: `http://127.0.0.1:${server.port}` };
}
