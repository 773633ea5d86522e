import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_HEADER } from '@shared/constants.js';
import type { UserView } from '@shared/api/accounts.js';
import { api, ApiError, buildUrl, errorMessage } from './api-client.js';
import { getSession, signIn } from './session.js';
import { renewToken } from './token-renewal.js';

const user = { userName: 'ada', balance: 10 } as UserView;

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('builds URLs from the route table and leaves empty query values out', () => {
    expect(buildUrl('validateUser', { userName: 'a b' })).toBe('/api/v1/auth/validateUser/a%20b');
    expect(buildUrl('listTransactions', undefined, { page: 2, status: '', type: undefined, phoneNumber: '0801' })).toBe(
      '/api/v1/transaction?page=2&phoneNumber=0801',
    );
  });

  it('sends the token in x-auth-token with the route method and a JSON body', async () => {
    signIn('tok-1', user);
    const fetchMock = answer(200, { msg: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('changePassword', { body: { oldPassword: 'a' } })).resolves.toEqual({ msg: 'ok' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/changepassword');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)[AUTH_HEADER]).toBe('tok-1');
    expect(init.body).toBe(JSON.stringify({ oldPassword: 'a' }));
  });

  it('turns a {msg} error body into an ApiError carrying the server message', async () => {
    signIn('tok-2', user);
    vi.stubGlobal('fetch', answer(400, { msg: 'Insufficient balance' }));
    const error = await api('buyAirtime', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(errorMessage(error, 'fallback')).toBe('Insufficient balance');
    expect(getSession()?.token).toBe('tok-2');
  });

  it('falls back to the screen message when the answer has no msg or never came', async () => {
    vi.stubGlobal('fetch', answer(502, undefined));
    expect(errorMessage(await api('buyAirtime').catch((e: unknown) => e), 'fallback')).toBe('fallback');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );
    const offline = await api('buyAirtime').catch((e: unknown) => e);
    expect((offline as ApiError).status).toBe(0);
    expect(errorMessage(offline, 'fallback')).toBe('fallback');
  });

  it('logs out on any 401', async () => {
    signIn('tok-3', user);
    vi.stubGlobal('fetch', answer(401, { msg: 'Your session has expired, please log in again' }));
    await expect(api('listTransactions')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
  });

  /** A token shaped like the server's (only its times matter to the app). */
  function jwt(times: { iat: number; exp: number }, sid = 's1'): string {
    const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    return `${part({ alg: 'HS256' })}.${part({ sid, ...times })}.signature`;
  }
  const seconds = () => Math.floor(Date.now() / 1000);

  it('renews a token near its end before the request, and sends the request with the new token', async () => {
    const old = jwt({ iat: seconds() - 800, exp: seconds() + 100 });
    const fresh = jwt({ iat: seconds(), exp: seconds() + 900 });
    signIn(old, user);
    const fetchMock = vi.fn(
      async (url: string) => new Response(JSON.stringify(url.endsWith('/auth/refresh') ? { token: fresh } : { msg: 'ok' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('listTransactions')).resolves.toEqual({ msg: 'ok' });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['/api/v1/auth/refresh', '/api/v1/transaction']);
    expect((calls[0]![1].headers as Record<string, string>)[AUTH_HEADER]).toBe(old);
    expect((calls[1]![1].headers as Record<string, string>)[AUTH_HEADER]).toBe(fresh);
    expect(getSession()?.token).toBe(fresh);
  });

  it('does not renew a token with most of its life left', async () => {
    signIn(jwt({ iat: seconds() - 10, exp: seconds() + 890 }), user);
    const fetchMock = answer(200, { msg: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    await api('listTransactions');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('after a 401 for an expired token: one renewal, the request sent again once', async () => {
    // The token has most of its life left when the request leaves; by the answer it has expired (a phone that slept).
    const start = Date.now();
    const token = jwt({ iat: seconds() - 100, exp: seconds() + 800 });
    const fresh = jwt({ iat: seconds() + 900, exp: seconds() + 1800 });
    signIn(token, user);
    vi.useFakeTimers({ toFake: ['Date'] });
    const answers = [
      { msg: 'Your session has expired, please log in again', status: 401 },
      { token: fresh, status: 200 },
      { msg: 'ok', status: 200 },
    ];
    const fetchMock = vi.fn(async () => {
      vi.setSystemTime(start + 900_000);
      const { status, ...body } = answers.shift()!;
      return new Response(JSON.stringify(body), { status });
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(api('listTransactions')).resolves.toEqual({ msg: 'ok' });
    } finally {
      vi.useRealTimers();
    }
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['/api/v1/transaction', '/api/v1/auth/refresh', '/api/v1/transaction']);
    expect((calls[2]![1].headers as Record<string, string>)[AUTH_HEADER]).toBe(fresh);
    expect(getSession()?.token).toBe(fresh);
  });

  it('a request refused because a renewal replaced its token meanwhile goes again once, with the new token; nobody is logged out', async () => {
    // A request leaves with the token; a renewal (the timer's) replaces it before the server reads the request, which the server then refuses.
    const token = jwt({ iat: seconds() - 10, exp: seconds() + 890 });
    const fresh = jwt({ iat: seconds(), exp: seconds() + 900 }, 's1');
    signIn(token, user);
    let renewed: Promise<boolean> | undefined;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const sent = (init.headers as Record<string, string>)[AUTH_HEADER];
      if (url.endsWith('/auth/refresh')) return new Response(JSON.stringify({ token: fresh }), { status: 200 });
      if (sent === token) {
        renewed = renewToken();
        await renewed;
        return new Response(JSON.stringify({ msg: 'Your session has expired, please log in again' }), { status: 401 });
      }
      return new Response(JSON.stringify({ msg: 'ok' }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('listTransactions')).resolves.toEqual({ msg: 'ok' });
    expect(await renewed).toBe(true);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['/api/v1/transaction', '/api/v1/auth/refresh', '/api/v1/transaction']);
    expect((calls[2]![1].headers as Record<string, string>)[AUTH_HEADER]).toBe(fresh);
    expect(getSession()?.token).toBe(fresh);
  });

  it('requests refused while a renewal is on its way wait for it and go again with its token: one renewal for all', async () => {
    const token = jwt({ iat: seconds() - 10, exp: seconds() + 890 });
    const fresh = jwt({ iat: seconds(), exp: seconds() + 900 });
    signIn(token, user);
    let answerRenewal: () => void = () => {};
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh')) {
        await new Promise<void>((resolve) => (answerRenewal = resolve));
        return new Response(JSON.stringify({ token: fresh }), { status: 200 });
      }
      const sent = (init.headers as Record<string, string>)[AUTH_HEADER];
      return sent === fresh
        ? new Response(JSON.stringify({ msg: 'ok' }), { status: 200 })
        : new Response(JSON.stringify({ msg: 'Your session has expired, please log in again' }), { status: 401 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const requests = [api('listTransactions'), api('currentUser'), api('listContacts')];
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh'))).toHaveLength(1));
    answerRenewal();
    await expect(Promise.all(requests)).resolves.toEqual([{ msg: 'ok' }, { msg: 'ok' }, { msg: 'ok' }]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh'))).toHaveLength(1);
    expect(getSession()?.token).toBe(fresh);
  });

  it('logs out when the renewal is refused (logged out elsewhere, password changed, session too old)', async () => {
    signIn(jwt({ iat: seconds() - 1000, exp: seconds() - 100 }), user);
    const fetchMock = answer(401, { msg: 'Your session has expired, please log in again' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('listTransactions')).rejects.toBeInstanceOf(ApiError);
    // Renewal before the request, the request, one renewal after its 401: no loop.
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(3);
    expect(getSession()).toBeNull();
  });
});
