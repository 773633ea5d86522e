/**
 * The VTpass simulator and one MSORG panel simulator (GLAD) served over loopback HTTP, with the real
 * adapters in a supplier directory: VTpass first for MTN airtime and data, the panel next. Short
 * timeouts make the simulators' held answers ("timeout" numbers) time out in well under a second.
 */
import { afterAll, beforeAll } from 'vitest';
import type { SupplierConfig } from '../../../functions/adapters/suppliers/suppliers-config.js';
import { supplierDirectory } from '../../../functions/adapters/suppliers/index.js';
import { MsorgSupplier } from '../../../functions/adapters/suppliers/msorg/gateway.js';
import { VtpassSupplier } from '../../../functions/adapters/suppliers/vtpass/gateway.js';
import type { SupplierDirectory } from '../../../functions/domain/purchases/suppliers-port.js';
import { MsorgSimulator, type ForcedOutcome } from '../../../infra/local/simulators/msorg.js';
import { VtpassSimulator } from '../../../infra/local/simulators/vtpass.js';
import type { Listening } from '../../../infra/local/util.js';
import { serveSimulator } from '../electricity/support.js';

const KEYS = { 'api-key': 'api-key-1', 'public-key': 'PK_1', 'secret-key': 'SK_1' } as const;
const PANEL_TOKEN = 'panel-token';
const TIMEOUT_MS = 400;
const HOLD_MS = 1_500;

export interface SimulatedSuppliers {
  vtpass: VtpassSimulator;
  panel: MsorgSimulator;
  directory: SupplierDirectory;
  /** POST /control {forceOutcome} on a simulator (null: back to the magic numbers). */
  force(which: 'vtpass' | 'panel', outcome: ForcedOutcome | null): Promise<void>;
  /** How often each simulator was asked to deliver this purchase (POST /api/pay, POST /api/data|topup). */
  submissions(requestId: string): Promise<{ vtpass: number; panel: number }>;
}

/** Starts both simulators for the file; `vtpassDataCodes` maps our plan ids to VTpass variation codes. */
export function useSimulatedSuppliers(vtpassDataCodes: Record<string, string>): SimulatedSuppliers {
  const servers: Listening[] = [];
  const urls = { vtpass: '', panel: '' };
  const handle = {
    vtpass: new VtpassSimulator({ apiKey: KEYS['api-key'], publicKey: KEYS['public-key'], secretKey: KEYS['secret-key'], holdMs: HOLD_MS }),
    panel: new MsorgSimulator({ name: 'GLAD', token: PANEL_TOKEN, networkIds: { MTN: 1 }, holdMs: HOLD_MS }),
  } as SimulatedSuppliers;

  beforeAll(async () => {
    for (const which of ['vtpass', 'panel'] as const) {
      const served = await serveSimulator(handle[which]);
      servers.push(served.server);
      urls[which] = served.baseUrl;
    }
    const configs: SupplierConfig[] = [
      { name: 'VTPASS', protocol: 'vtpass', baseUrl: urls.vtpass, networks: ['MTN'], dataVariationCodes: vtpassDataCodes, electricity: true },
      { name: 'GLAD', protocol: 'msorg', baseUrl: urls.panel, networkIds: { MTN: 1 } },
    ];
    handle.directory = supplierDirectory(configs, (config) =>
      config.protocol === 'vtpass'
        ? new VtpassSupplier({ config, secret: async (_name, key) => KEYS[key], timeoutMs: TIMEOUT_MS })
        : new MsorgSupplier({ config, token: async () => PANEL_TOKEN, timeoutMs: TIMEOUT_MS }),
    );
  });
  afterAll(async () => {
    handle.vtpass.close();
    handle.panel.close();
    for (const server of servers) await server.close();
  });

  handle.force = async (which, outcome) => {
    const res = await fetch(`${urls[which]}/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ forceOutcome: outcome }),
    });
    if (!res.ok) throw new Error(`control ${which}: ${res.status}`);
  };
  handle.submissions = async (requestId) => ({ vtpass: handle.vtpass.callsReport(requestId).count, panel: handle.panel.callsReport(requestId).count });
  return handle;
}
