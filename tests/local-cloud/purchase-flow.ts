/**
 * A manual walk through the purchase path on a fresh local cloud (not part of `npm test`):
 * admin makes a coupon, the demo user redeems it and buys airtime for each simulator number, then
 * the script prints each purchase's final status and how often the supplier panel was called.
 *
 *   node --import tsx tests/local-cloud/purchase-flow.ts
 */
import { SIM_NUMBERS } from '../../infra/local/simulators/msorg.js';
import { startLocalCloud } from '../support/local-cloud.js';

const cloud = await startLocalCloud();
try {
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${cloud.baseUrl}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const admin = await api('POST', '/auth/login', cloud.adminLogin);
  const coupon = await api('POST', '/admin/generateCoupon', { userAccount: 'demo', amount: 5000 }, admin.body.token);
  const demo = await api('POST', '/auth/login', { userName: 'demo', password: 'demo-password-1' });
  console.log('fund with coupon:', (await api('POST', '/fundWallet/coupon', { coupon: coupon.body.coupon.code }, demo.body.token)).status);

  const purchases: Array<{ phone: string; id: string }> = [];
  for (const phone of Object.values(SIM_NUMBERS)) {
    const bought = await api('POST', '/buy/airtime', { network: 1, mobile_number: phone, amount: 100 }, demo.body.token);
    purchases.push({ phone, id: bought.body.receipt?._id });
  }
  // Long enough for the re-query schedule (500 ms here) and the held "no answer" call (1 s timeout).
  await new Promise((resolveWait) => setTimeout(resolveWait, 8_000));

  const { body } = await api('GET', '/transaction', undefined, demo.body.token);
  for (const { phone, id } of purchases) {
    const transaction = (body.transactions as any[]).find((t) => t._id === id);
    const calls = await cloud.simulatorCalls('ALARO', id);
    console.log(
      `${phone}: ${transaction?.trans_Status ?? '?'}; supplier POSTs ${calls.count}; calls ${calls.calls.map((c) => `${c.method}→${c.answer}`).join(', ')}`,
    );
  }
} finally {
  await cloud.stop();
}
