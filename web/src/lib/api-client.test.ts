import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_HEADER } from '@shared/constants.js';
import type { UserView } from '@shared/api/accounts.js';
import { api, ApiError, buildUrl, errorMessage } from './api-client.js';
import { getSession, signIn } from './session.js';

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
    expect(buildUrl('listTransactions', undefined, { page: 2, status: '', type: undefined, phoneNumber: '0801' })).toBe('/api/v1/transaction?page=2&phoneNumber=0801');
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
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('network down'))));
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
});
