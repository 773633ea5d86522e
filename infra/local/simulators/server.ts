/**
 * The simulators' own origin: every outside party's simulator under /_sim/<name>/... on a loopback
 * port of its own (SIM_PORT, default PORT + 1), never on the public port. They take no credential
 * and move money in a demo — `/_sim/monnify/transfer` credits a reserved account,
 * `/_sim/<supplier>/control` changes a supplier's outcomes — so they are for this machine only:
 *
 *   the functions → the supplier panels' and payment providers' APIs (SUPPLIERS_CONFIG, PROVIDERS_CONFIG)
 *   a person      → the pages (Squad checkout, Monnify "send a transfer", payouts), /calls and /control
 *   the tests     → the same, at the local cloud's `simulatorsUrl`
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type RequestHandler } from '../util.js';

/** One simulator: called with the path below /_sim/<name> and the query. */
export type SimulatorRoute = (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => Promise<void>;

export const SIMULATOR_PREFIX = '/_sim/';

export function createSimulatorServer(simulators: ReadonlyMap<string, SimulatorRoute>): RequestHandler {
  return async (req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    if (!path.startsWith(SIMULATOR_PREFIX)) {
      req.resume();
      return sendJson(res, 404, { msg: `the simulators are under ${SIMULATOR_PREFIX}<name>/`, simulators: [...simulators.keys()] });
    }
    const [, , name = '', ...rest] = path.split('/');
    const simulator = simulators.get(name);
    if (!simulator) {
      req.resume();
      return sendJson(res, 404, { msg: `no simulator "${name}"`, simulators: [...simulators.keys()] });
    }
    await simulator(req, res, `/${rest.join('/')}`, new URL(url, 'http://local').searchParams);
  };
}
