/**
 * Requests to the local cloud from a chosen loopback address. The local edge takes the client's
 * address from the socket, as CloudFront does (a client-sent CloudFront-Viewer-Address is dropped),
 * so a test that needs many clients binds its requests to distinct addresses of 127.0.0.0/8: on
 * Linux every one of them reaches the local cloud on 127.0.0.1.
 */
import { request } from 'node:http';

export interface Answer {
  status: number;
  body: any;
}

/** `127.<net>.<host / 250>.<host % 250 + 1>`: a distinct loopback address per (net, host), never 127.0.0.1 for net > 0. */
export function loopbackAddress(net: number, host: number): string {
  return `127.${net}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
}

/** Sends one request from `from` on a fresh connection (a pooled one could carry another address). */
export function requestFrom(
  baseUrl: string,
  from: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? '' : JSON.stringify(options.body);
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        // IPv4 on purpose: the source addresses are; the local cloud listens on 127.0.0.1 (and ::1).
        host: '127.0.0.1',
        port: url.port,
        localAddress: from,
        agent: false,
        method,
        path: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: kept as text.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
