/**
 * Identity checks through a Prembly-style API (integrations.md): `POST {baseUrl}/verification/{nin|bvn}`
 * `{number}` with `x-api-key` and `app-id` headers → `{status: true, response_code: "00", ...}`
 * on a match, `{status: false, response_code: "01"}` when the number is unknown.
 */
import type { IdentityVerifier } from '../../domain/money/payments-port.js';
import { callProvider, describeAnswer, joinUrl } from './http.js';
import { asPlainText } from '../../../shared/api/text.js';

export interface IdentityOptions {
  baseUrl: string;
  appId: string;
  apiKey(): Promise<string>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function premblyIdentity(options: IdentityOptions): IdentityVerifier {
  return {
    async verify(method, number) {
      let apiKey: string;
      try {
        apiKey = await options.apiKey();
      } catch (error) {
        return { kind: 'unavailable', detail: `no identity API key configured: ${String(error)}` };
      }
      const answer = await callProvider({
        method: 'POST',
        url: joinUrl(options.baseUrl, `/verification/${method}`),
        headers: { 'x-api-key': apiKey, 'app-id': options.appId },
        body: { number },
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (answer.kind === 'answer' && answer.status >= 200 && answer.status < 300 && answer.json?.status === true && answer.json?.response_code === '00') {
        const data = answer.json[`${method}_data`] ?? answer.json.data ?? {};
        const fullName = [data.firstname ?? data.firstName, data.middlename ?? data.middleName, data.surname ?? data.lastName]
          .filter((part) => typeof part === 'string' && part.trim())
          .join(' ');
        // The name becomes the user's full name, shown to others: plain text, as every free text is (shared/api/text.ts).
        return { kind: 'match', fullName: asPlainText(fullName) };
      }
      // Our own credentials refused is our problem, never "your number does not match".
      const refusedUs = answer.kind === 'answer' && (answer.status === 401 || answer.status === 403 || answer.status === 429);
      if (
        answer.kind === 'answer' &&
        !refusedUs &&
        (answer.json?.response_code === '01' || answer.status === 404 || (answer.status < 500 && answer.json?.status === false))
      ) {
        return { kind: 'no_match' };
      }
      return { kind: 'unavailable', detail: describeAnswer(answer) };
    },
  };
}
