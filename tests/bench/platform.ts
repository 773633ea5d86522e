/** The bench's HTTP helpers: requests to the local cloud, and users registered and funded by coupon through the API. */
import { apiPath } from '../../shared/routes.js';
import type { LocalCloud } from '../support/local-cloud.js';

export interface Reply<T> {
  status: number;
  headers: Headers;
  body: T & { msg?: string };
}

/** One request, whatever it answers. */
export async function send<T>(cloud: LocalCloud, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
  const response = await fetch(cloud.baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { msg: text };
  }
  return { status: response.status, headers: response.headers, body: parsed as T & { msg?: string } };
}

/** A request that must succeed, with a session token; a 503 "try again" is sent again after its Retry-After, as a client does. */
export async function call<T>(cloud: LocalCloud, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  let reply = await send<T>(cloud, method, path, body, token ? { 'x-auth-token': token } : {});
  for (let resend = 0; reply.status === 503 && reply.headers.has('retry-after') && resend < 10; resend++) {
    await new Promise((resolve) => setTimeout(resolve, Number(reply.headers.get('retry-after')) * 1000));
    reply = await send<T>(cloud, method, path, body, token ? { 'x-auth-token': token } : {});
  }
  if (reply.status >= 400) throw new Error(`${method} ${path} → ${reply.status} ${reply.body.msg ?? ''}`);
  return reply.body;
}

/** Every bench user's password (a key's generation asks for it). */
export const BENCH_PASSWORD = 'bench-password-1';

export interface BenchUser {
  userName: string;
  token: string;
}

/** `count` users registered through the API, each funded with `naira` by an admin's coupon. */
export async function prepareUsers(cloud: LocalCloud, count: number, naira: number, prefix = 'bench'): Promise<BenchUser[]> {
  const admin = await call<{ token: string }>(cloud, 'POST', apiPath('login'), cloud.adminLogin);
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i++) {
    const userName = `${prefix}${i}_${Date.now().toString(36)}`;
    const session = await call<{ token: string }>(cloud, 'POST', apiPath('register'), {
      userName,
      email: `${userName}@example.com`,
      phoneNumber: '08012345678',
      password: BENCH_PASSWORD,
      passwordCheck: BENCH_PASSWORD,
    });
    const { coupon } = await call<{ coupon: { code: string } }>(
      cloud,
      'POST',
      apiPath('generateCoupon'),
      { userAccount: userName, amount: naira },
      admin.token,
    );
    await call(cloud, 'POST', apiPath('fundWithCoupon'), { userName, coupon: coupon.code }, session.token);
    users.push({ userName, token: session.token });
  }
  return users;
}
