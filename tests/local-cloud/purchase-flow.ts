// Manual end-to-end check of the purchase path on the local cloud (not part of npm test).
import { startLocalCloud } from '../support/local-cloud.js';

const cloud = await startLocalCloud();
try {
  const post = async (path: string, body: unknown, token?: string) => {
    const r = await fetch(`${cloud.baseUrl}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) }, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as any };
  };
  const admin = await post('/auth/login', cloud.adminLogin);
  const coupon = await post('/admin/generateCoupon', { userAccount: 'demo', amount: 5000 }, admin.body.token);
  console.log('coupon', coupon.status, coupon.body.coupon?.code);
  const demo = await post('/auth/login', { userName: 'demo', password: 'demo-password-1' });
  console.log('fund', (await post('/fundWallet/coupon', { coupon: coupon.body.coupon.code }, demo.body.token)).status);
  const phones = ['08011111111', '08022222222', '08033333333', '08044444444', '08055555555'];
  const buys: Record<string, any> = {};
  for (const phone of phones) {
    const r = await post('/buy/airtime', { network: 1, mobile_number: phone, amount: 100 }, demo.body.token);
    buys[phone] = r.body.receipt;
    console.log('buy', phone, r.status, r.body.receipt?.status ?? r.body);
  }
  await new Promise((r) => setTimeout(r, 8000));
  const list = await fetch(`${cloud.baseUrl}/api/v1/transaction`, { headers: { 'x-auth-token': demo.body.token } });
  const tx = (await list.json()) as any;
  console.log(JSON.stringify(tx).slice(0, 1500));
  for (const phone of phones) {
    const id = buys[phone]?._id ?? buys[phone]?.id ?? buys[phone]?.transactionId;
    console.log(phone, id, JSON.stringify(await cloud.simulatorCalls('ALARO', id)).slice(0, 300));
  }
} finally {
  console.log(cloud.output().split('\n').filter((l) => /error|fail|warn/i.test(l)).slice(-30).join('\n'));
  await cloud.stop();
}
