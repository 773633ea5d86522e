/**
 * A Prembly-style identity check (integrations.md): `POST /verification/nin` and
 * `POST /verification/bvn` with `x-api-key` and `app-id` headers and `{number}`.
 * The number decides the answer (IDENTITY_NUMBERS):
 *   starts with 000   → no record (`status: false`, response_code "01")
 *   starts with 999   → provider error (HTTP 500)
 *   any other 11 digits → verified, with a name derived from the number
 * For tests: GET /calls (how many checks, per number).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../util.js';
import { PersistentState, readFields } from './provider-common.js';

export const IDENTITY_NUMBERS = {
  verified: '12345678901',
  noRecordPrefix: '000',
  providerErrorPrefix: '999',
} as const;

const FIRST = ['ADAEZE', 'CHINEDU', 'FUNMILAYO', 'IBRAHIM', 'NGOZI', 'TUNDE', 'AISHA', 'EMEKA', 'KEMI', 'YUSUF'];
const LAST = ['OKAFOR', 'EZE', 'ADEYEMI', 'MUSA', 'OBI', 'BAKARE', 'BELLO', 'NWOSU', 'ALABI', 'ABDULLAHI'];

interface IdentityState {
  calls: { at: string; method: string; number: string; answer: number }[];
}

export interface IdentitySimulatorOptions {
  apiKey: string;
  appId: string;
  stateFile?: string;
}

export class IdentitySimulator {
  private readonly state: PersistentState<IdentityState>;

  constructor(private readonly options: IdentitySimulatorOptions) {
    this.state = new PersistentState(options.stateFile, () => ({ calls: [] }));
  }

  close(): void {
    this.state.flush();
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/calls') return sendJson(res, 200, this.state.value.calls);
    const match = /^\/verification\/(nin|bvn)$/.exec(path);
    if (method !== 'POST' || !match) {
      req.resume();
      return sendJson(res, 404, { status: false, detail: 'Not found' });
    }
    if (req.headers['x-api-key'] !== this.options.apiKey || req.headers['app-id'] !== this.options.appId) {
      req.resume();
      return sendJson(res, 401, { status: false, detail: 'Invalid API key or app id' });
    }
    const kind = match[1] as 'nin' | 'bvn';
    const body = await readFields(req);
    const number = String(body?.number ?? '');
    const answer = (status: number, payload: unknown) => {
      this.state.value.calls.push({ at: new Date().toISOString(), method: kind, number, answer: status });
      if (this.state.value.calls.length > 1000) this.state.value.calls.shift();
      this.state.save();
      sendJson(res, status, payload);
    };
    if (!/^\d{11}$/.test(number)) return answer(400, { status: false, detail: 'number must be 11 digits', response_code: '03' });
    if (number.startsWith(IDENTITY_NUMBERS.providerErrorPrefix))
      return answer(500, { status: false, detail: 'Service temporarily unavailable', response_code: '02' });
    if (number.startsWith(IDENTITY_NUMBERS.noRecordPrefix)) return answer(200, { status: false, detail: 'No record found', response_code: '01' });
    const digit = (i: number) => Number(number[i]);
    answer(200, {
      status: true,
      detail: 'Verification Successful',
      response_code: '00',
      [`${kind}_data`]: {
        firstname: FIRST[digit(9)]!,
        middlename: '',
        surname: LAST[digit(10)]!,
        birthdate: `19${80 + digit(8)}-0${1 + (digit(7) % 9)}-1${digit(6)}`,
        gender: digit(5) % 2 ? 'M' : 'F',
        telephoneno: `080${number.slice(3, 11)}`,
      },
      verification: { status: 'VERIFIED', reference: `${kind}-${number.slice(-4)}-${Date.now()}` },
    });
  }
}
