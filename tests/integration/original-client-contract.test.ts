/**
 * The contract as the original client reads it: the React app under client/ of the
 * public repository Oniboy6775/pay2Sub. Each request below is one it sends — path and body written
 * from its source as facts (client/src/context/UserContext.js unless named otherwise) — replayed
 * against the local cloud, and every field it then reads is asserted to exist with the type it
 * expects. Where it parses a value (plan option strings, month_validate), the parse is replayed too.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { waitForQueuesToEmpty } from '../support/queues.js';

const cloud = useLocalCloud();

/** The original's authFetch: baseURL /api/v1, the token in x-auth-token — the platform client's request. */
const { api: authFetch, countedPage, waitFor } = platformClient(cloud, 'orig');

let unique = 0;
function newUserForm() {
  unique += 1;
  const id = `${Date.now().toString(36)}${unique}`;
  // Register.js sends the form as typed; setupUser posts it to /auth/register.
  return {
    userName: `Orig_${id}`,
    email: `orig_${id}@example.com`,
    phoneNumber: '08012345678',
    password: 'orig-password-1',
    passwordCheck: 'orig-password-1',
    referredBy: '',
  };
}

/** setupUser / checkLoggedIn: the plan groups concatenated, then one option string per plan. */
function dataOptionsOf(subscriptionPlans: any) {
  const dataSubScriptions = subscriptionPlans['MTN'].concat(subscriptionPlans['GLO']).concat(subscriptionPlans['AIRTEL']).concat(subscriptionPlans['NMOBILE']);
  const dataOptions: string[] = dataSubScriptions.map((e: any) => `${e.plan_network} ${e.plan} ₦${e.plan_amount} ${e.month_validate} ${e.plan_type}`);
  return { dataSubScriptions, dataOptions };
}

function expectSession(data: any, options: { token: boolean }) {
  expect(typeof data.user).toBe('object');
  expect(typeof data.user._id).toBe('string');
  expect(typeof data.user.userName).toBe('string');
  expect(typeof data.user.balance).toBe('number');
  expect(typeof data.user.email).toBe('string');
  expect(typeof data.user.userType).toBe('string');
  if (options.token) expect(typeof data.token).toBe('string');
  expect(Array.isArray(data.transactions)).toBe(true);
  expect(typeof data.isAdmin).toBe('boolean');
  expect(typeof data.isAgent).toBe('boolean');
  expect(typeof data.isCouponVendor).toBe('boolean');
  for (const group of ['MTN', 'GLO', 'AIRTEL', 'NMOBILE']) expect(Array.isArray(data.subscriptionPlans[group])).toBe(true);
  const { dataSubScriptions, dataOptions } = dataOptionsOf(data.subscriptionPlans);
  expect(dataOptions.length).toBeGreaterThan(0);
  // selectedNetwork: dataOptions[0].split(" ")[0]
  expect(dataOptions[0]!.split(' ')[0]).toBe('MTN');
  for (const plan of dataSubScriptions) {
    expect(typeof plan._id).toBe('string');
    expect(typeof plan.id).toBe('number');
    expect(typeof plan.plan_amount).toBe('number');
    expect(typeof plan.plan).toBe('string');
    expect(typeof plan.plan_type).toBe('string');
  }
  return { dataSubScriptions, dataOptions };
}

async function adminToken(): Promise<string> {
  const { userName, password } = cloud().adminLogin;
  return (await authFetch('POST', '/auth/login', { body: { userName, password } })).body.token;
}

/** generateCoupon (admin) then fundWalletCoupon (the user), both as the original sends them. */
async function fundWithCoupon(admin: string, user: { userName: string; token: string }, amount: number) {
  const generated = await authFetch('POST', '/admin/generateCoupon', { token: admin, body: { userAccount: user.userName, amount } });
  expect(generated.status).toBeLessThan(300);
  expect(typeof generated.body.couponCode).toBe('string');
  const funded = await authFetch('POST', '/fundWallet/coupon', { token: user.token, body: { userName: user.userName, coupon: generated.body.couponCode } });
  expect(funded.status).toBe(200);
  expect(typeof funded.body.msg).toBe('string');
  expect(typeof funded.body.amount).toBe('number');
}

async function registered() {
  const form = newUserForm();
  const answer = await authFetch('POST', '/auth/register', { body: form });
  expect(answer.status).toBeLessThan(300);
  return { form, session: answer.body, token: answer.body.token as string };
}

describe('the original client against our API', () => {
  it('register, login and reload (isTokenValid → GET /auth) give the session it reads, so it stays logged in', async () => {
    const { form, session } = await registered();
    expectSession(session, { token: true });
    const login = await authFetch('POST', '/auth/login', { body: { userName: form.userName, password: form.password } });
    expectSession(login.body, { token: true });
    // checkLoggedIn: isTokenValid, then GET /auth; any failure logs the user out.
    const valid = await authFetch('POST', '/auth/isTokenValid', { token: login.body.token });
    expect(valid.status).toBe(200);
    expect(valid.body).toBeTruthy();
    const me = await authFetch('GET', '/auth', { token: login.body.token });
    expect(me.status).toBe(200);
    expectSession(me.body, { token: false });
  });

  it('BuyData.js: the MTN data types and the chosen plan come out of the option strings; the purchase answers msg and receipt.balance_After', async () => {
    const admin = await adminToken();
    const { form, token } = await registered();
    await fundWithCoupon(admin, { userName: form.userName, token }, 2000);
    const { dataSubScriptions, dataOptions } = dataOptionsOf((await authFetch('GET', '/auth', { token })).body.subscriptionPlans);
    const mtn = dataOptions.filter((e) => e.split(' ')[0] === 'MTN');
    // The MTN data-type options: the 7th word of each option, which must be the plan type.
    const dataTypes = [...new Set(mtn.map((e) => e.split(' ')[6]))];
    expect(dataTypes.length).toBeGreaterThan(0);
    expect(dataTypes.every((type) => typeof type === 'string' && dataSubScriptions.some((p: any) => p.plan_type === type))).toBe(true);
    // getSelectedDataObj: plan === 2nd word, plan_type === last word, plan_network === the network.
    const selectedPlan = mtn.filter((e) => e.split(' ')[6] === dataTypes[0])[0]!;
    const words = selectedPlan.split(' ');
    const chosen = dataSubScriptions.find((e: any) => e.plan === words[1] && e.plan_type === words[words.length - 1] && e.plan_network === 'MTN');
    expect(chosen).toBeDefined();
    // The screen shows selectedDataObj.plan_amount as "You will be charged": the user's own price.
    expect(chosen.plan_amount).toBe(chosen.my_price);
    const bought = await authFetch('POST', '/buy/data', { token, body: { network: '1', mobile_number: '08011111111', plan: chosen.id } });
    expect(bought.status).toBe(200);
    expect(typeof bought.body.msg).toBe('string');
    expect(typeof bought.body.receipt.balance_After).toBe('number');
  });

  it('fetchAvailablePlans: POST /prices rows parse (validity number, ids, tier prices); an unknown network lists nothing', async () => {
    const { token } = await registered();
    const answer = await authFetch('POST', '/prices', { token, body: { network: 'MTN' } });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    for (const e of answer.body) {
      expect(Number.isNaN(parseInt(e.month_validate.split(' ')[0], 10))).toBe(false);
      expect(e.month_validate.split(' ').slice(0, 2).join(' ')).toMatch(/^\d+ \w+$/);
      expect(typeof e.id).toBe('number');
      expect(typeof e._id).toBe('string');
      for (const field of ['my_price', 'resellerPrice', 'apiPrice', 'plan_amount']) expect(typeof e[field]).toBe('number');
      expect(typeof e.plan_type).toBe('string');
      expect(typeof e.plan).toBe('string');
      expect(e.isAvailable).toBe(true);
    }
    expect(await authFetch('POST', '/prices', { token, body: { network: 'select' } })).toEqual({ status: 200, body: [] });
    // Landing.js's public price list.
    const list = await authFetch('GET', '/prices');
    expect(list.body.every((e: any) => typeof e._id === 'string' && typeof e.plan_amount === 'number')).toBe(true);
  });

  it('validateUser shows msg as the validated name (never the e-mail); transfer answers msg; the transactions screen reads its figures and rows', async () => {
    const admin = await adminToken();
    const sender = await registered();
    const receiver = await registered();
    await fundWithCoupon(admin, { userName: sender.form.userName, token: sender.token }, 1000);
    const validated = await authFetch('GET', `/auth/validateUser/${receiver.form.userName}`, { token: sender.token });
    expect(validated.status).toBe(200);
    expect(validated.body.msg).toBe(receiver.form.userName);
    expect(JSON.stringify(validated.body)).not.toContain(receiver.form.email);
    const sent = await authFetch('POST', '/auth/transferFund', { token: sender.token, body: { userName: receiver.form.userName, amount: 300 } });
    expect(sent.status).toBe(200);
    expect(typeof sent.body.msg).toBe('string');

    // fetchTransaction: "/transaction?" then &page=1; Transactions.js calls toFixed on the figures (counted: decision 129).
    const listed = await countedPage({ token: sender.token }, '/transaction?&page=1');
    expect(listed.status).toBe(200);
    for (const figure of ['totalPages', 'noOfTransaction', 'totalSales', 'totalProfit', 'totalDebit', 'totalCredit'])
      expect(typeof listed.body[figure]).toBe('number');
    expect(Array.isArray(listed.body.stat)).toBe(true);
    expect(listed.body.totalSales).toBe(0);
    expect(listed.body.totalDebit).toBe(300);
    expect(listed.body.totalCredit).toBe(1000);
    for (const t of listed.body.transactions) {
      for (const field of [
        '_id',
        'trans_Id',
        'trans_By',
        'trans_Date',
        'trans_Network',
        'trans_Type',
        'trans_Status',
        'trans_UserName',
        'phone_number',
        'createdAt',
      ]) {
        expect(typeof t[field], field).toBe('string');
      }
      for (const field of ['trans_amount', 'balance_Before', 'balance_After']) expect(typeof t[field], field).toBe('number');
    }
    const transfer = listed.body.transactions.find((t: any) => t.trans_Type === 'transfer');
    expect(transfer).toMatchObject({ trans_Network: 'transfer', phone_number: receiver.form.userName });
    const coupon = listed.body.transactions.find((t: any) => t.trans_Type === 'wallet');
    expect(coupon).toMatchObject({ trans_Network: 'coupon', phone_number: cloud().adminLogin.userName });
  });

  it('withdraw page: bankCodes maps to bank names, validate gives name and code, the withdrawal lists as a pending wallet debit', async () => {
    const admin = await adminToken();
    const { form, token } = await registered();
    await fundWithCoupon(admin, { userName: form.userName, token }, 2000);
    const banks = await authFetch('GET', '/withdraw/bankCodes', { token });
    expect(banks.status).toBe(200);
    expect(Array.isArray(banks.body)).toBe(true);
    expect(banks.body.every((name: unknown) => typeof name === 'string')).toBe(true);
    const selectedBank = banks.body.find((name: string) => name === 'Access Bank');
    expect(selectedBank).toBeDefined();
    const validated = await authFetch('POST', '/withdraw/validate', { token, body: { bankName: selectedBank, accountNumber: '0123456789' } });
    expect(validated.status).toBe(200);
    for (const field of ['name', 'code', 'msg']) expect(typeof validated.body[field]).toBe('string');
    const withdrawn = await authFetch('POST', '/withdraw/', {
      token,
      body: {
        bankName: selectedBank,
        accountNumber: '0123456789',
        amount: 500,
        bankCode: validated.body.code,
        bankAccountName: validated.body.name,
        accountName: validated.body.name,
      },
    });
    expect(withdrawn.status).toBe(200);
    expect(typeof withdrawn.body.msg).toBe('string');
    // A filtered listing reads counters summed off the request path: it shows the withdrawal once they are.
    const isTheWithdrawal = (t: { trans_Type: string; trans_Status: string; trans_amount: number }) =>
      t.trans_Type === 'wallet' && t.trans_Status === 'pending' && t.trans_amount === 500;
    const pending = await waitFor('the pending withdrawal listed', async () => {
      const page = await authFetch('GET', '/transaction?&type=wallet&status=pending', { token });
      return page.body.transactions?.some(isTheWithdrawal) ? page : undefined;
    });
    expect(pending.status).toBe(200);
  });

  it('airtime, contacts, beneficiaries and referrals answer the fields their screens read', async () => {
    const admin = await adminToken();
    const { form, token } = await registered();
    await fundWithCoupon(admin, { userName: form.userName, token }, 1000);
    // buyAirtime: MTN is network "1".
    const airtime = await authFetch('POST', '/buy/airtime', { token, body: { network: '1', mobile_number: '08011111111', amount: 100 } });
    expect(airtime.status).toBe(200);
    expect(typeof airtime.body.msg).toBe('string');
    expect(typeof airtime.body.receipt.balance_After).toBe('number');
    // addContact / fetchContact.
    const added = await authFetch('POST', '/auth/contact', { token, body: { contactName: 'Mum', contactNetwork: 'MTN', contactNumber: '08011111111' } });
    expect(typeof added.body.msg).toBe('string');
    const contacts = await authFetch('GET', '/auth/contact', { token });
    expect(Array.isArray(contacts.body.contactList)).toBe(true);
    expect(contacts.body.contactList[0]).toMatchObject({ _id: expect.any(String), contactName: 'Mum', contactNumber: '08011111111', contactNetwork: 'MTN' });
    // fetchBeneficiary.
    const beneficiaries = await authFetch('GET', '/withdraw/beneficiary', { token });
    expect(Array.isArray(beneficiaries.body.beneficiaryList)).toBe(true);
    // fetchReferralList: "/auth/referral?page=1".
    const referrals = await authFetch('GET', '/auth/referral?page=1', { token });
    expect(referrals.status).toBe(200);
    expect(Array.isArray(referrals.body.referralList)).toBe(true);
  });

  it('changePassword answers msg; the token it was sent with stops working (401, as for an expired session), and the new password logs in', async () => {
    const { form, token } = await registered();
    const changed = await authFetch('POST', '/auth/changepassword', {
      token,
      body: { oldPassword: form.password, newPassword: 'orig-password-2', newPasswordCheck: 'orig-password-2' },
    });
    expect(changed.status).toBe(200);
    expect(typeof changed.body.msg).toBe('string');
    // Every token issued before a password change is refused, the changing one's too (a rotated one comes in `token`).
    expect((await authFetch('GET', '/auth', { token })).status).toBe(401);
    const again = await authFetch('POST', '/auth/login', { body: { userName: form.userName, password: 'orig-password-2' } });
    expect(again.status).toBe(200);
    expect((await authFetch('GET', '/auth', { token: again.body.token })).status).toBe(200);
  });

  it('admin settings: supplier, cost prices and services are arrays; services carry isAvailable; generateCoupon answers couponCode', async () => {
    const admin = await adminToken();
    const suppliers = await authFetch('GET', '/admin/supplier', { token: admin });
    expect(Array.isArray(suppliers.body)).toBe(true);
    expect(suppliers.body.every((s: any) => typeof s.network === 'string' && typeof s.supplierName === 'string')).toBe(true);
    const costPrices = await authFetch('GET', '/admin/costPrice', { token: admin });
    expect(Array.isArray(costPrices.body)).toBe(true);
    expect(costPrices.body.every((c: any) => typeof c.network === 'string' && typeof c.costPrice === 'number')).toBe(true);
    const services = await authFetch('GET', '/admin/checkServices', { token: admin });
    expect(Array.isArray(services.body)).toBe(true);
    for (const s of services.body) {
      expect(typeof s._id).toBe('string');
      expect(typeof s.serviceName).toBe('string');
      expect(typeof s.serviceType).toBe('string');
      expect(typeof s.serviceStatus).toBe('string');
      expect(s.isAvailable).toBe(s.serviceStatus === 'available');
    }
    const { form } = await registered();
    const coupon = await authFetch('POST', '/admin/generateCoupon', { token: admin, body: { userAccount: form.userName, amount: 100 } });
    expect(typeof coupon.body.couponCode).toBe('string');
  });

  // ---------------------------------------------------------------------------------------------
  // The original client's last gaps.

  it('MyUsers.js opens a row by _id; UserDetail.js reads fullName, bvn || nin (masked to its last four digits), referredBy and accountNumbers', async () => {
    const admin = await adminToken();
    const referrer = await registered();
    const form = { ...newUserForm(), referredBy: referrer.form.userName };
    const session = (await authFetch('POST', '/auth/register', { body: form })).body;
    const nin = kycNumber();
    expect((await authFetch('POST', '/auth/updateKyc', { token: session.token, body: { nin } })).status).toBe(200);
    // fetchUser: GET /admin/users with the filters as query.
    const listed = await authFetch('GET', `/admin/users?userAccount=${form.userName}&page=1`, { token: admin });
    expect(listed.status).toBe(200);
    const row = listed.body.users.find((u: any) => u.userName === form.userName);
    expect(typeof row._id).toBe('string');
    expect(row._id).toBe(session.user._id);
    expect(typeof row.fullName).toBe('string');
    expect(row.referredBy).toBe(referrer.form.userName);
    expect(Array.isArray(row.accountNumbers)).toBe(true);
    for (const account of row.accountNumbers) expect(account).toEqual({ bankName: expect.any(String), accountNumber: expect.any(String) });
    // "Id no: {bvn || nin}": shown masked, never the whole identity number.
    expect(row.bvn || row.nin).toBe(`*******${nin.slice(-4)}`);
    expect(JSON.stringify(listed.body)).not.toContain(nin);
    // A user without KYC: nothing to show, and still the fields the window reads.
    const plain = (await authFetch('GET', `/admin/users?userAccount=${referrer.form.userName}`, { token: admin })).body.users.find(
      (u: any) => u.userName === referrer.form.userName,
    );
    expect(plain).toMatchObject({ _id: expect.any(String), bvn: null, nin: null, referredBy: null, accountNumbers: [] });
  });

  it('Admin.js counts adminDetails.allTransactions: GET /admin answers the newest transactions of everybody (newest first, bounded)', async () => {
    const admin = await adminToken();
    const { form, token, session } = await registered();
    const userId = session.user._id as string;
    await fundWithCoupon(admin, { userName: form.userName, token }, 300);
    // The platform listing is summed from the table's stream, off the request path: the new funding shows within seconds.
    const deadline = Date.now() + 20_000;
    let dashboard = await authFetch('GET', '/admin', { token: admin });
    // trans_By is the owner's id, as GET /transaction rows have it.
    while (!dashboard.body.allTransactions?.some((t: any) => t.trans_By === userId) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      dashboard = await authFetch('GET', '/admin', { token: admin });
    }
    expect(dashboard.status).toBe(200);
    expect(Array.isArray(dashboard.body.allTransactions)).toBe(true);
    expect(dashboard.body.allTransactions.some((t: any) => t.trans_By === userId)).toBe(true);
    expect(dashboard.body.allTransactions.length).toBeLessThanOrEqual(10);
    const times = dashboard.body.allTransactions.map((t: any) => t.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    for (const t of dashboard.body.allTransactions) expect(typeof t._id).toBe('string');
    // A non-admin still gets nothing of it.
    expect((await authFetch('GET', '/admin', { token })).status).toBe(403);
  });

  it('POST /dataPlan/add with a free-text type takes planNetwork ("MTN", or the id 2 for GLO) as the network, as the original backend did; without any network it is still "Select a network"', async () => {
    const admin = await adminToken();
    const byName = await authFetch('POST', '/dataPlan/add', {
      token: admin,
      body: { planType: 'Gifting promo', planNetwork: 'MTN', planName: '7GB', planValidity: '30 days', smartEarnerPrice: 2100, planAmount: 2000 },
    });
    expect(byName.status).toBeLessThan(300);
    const byId = await authFetch('POST', '/dataPlan/add', {
      token: admin,
      body: { planType: 'night plan', planNetwork: '2', planName: '9GB', planValidity: '30 days', smartEarnerPrice: 2500, planAmount: 2400 },
    });
    expect(byId.status).toBeLessThan(300);
    // A free-text type its network knows picks that product: "CG" on MTN is MTN-CG.
    const cg = await authFetch('POST', '/dataPlan/add', {
      token: admin,
      body: { planType: 'cg', planNetwork: 'mtn', planName: '11GB', planValidity: '30 days', smartEarnerPrice: 3000, planAmount: 2900 }, // above the 11GB CG cost (no price may be below cost)
    });
    expect(cg.status, JSON.stringify(cg.body)).toBeLessThan(300);
    expect(byName.body.plan).toMatchObject({ planName: '7GB', planType: 'MTN' });
    expect(byId.body.plan).toMatchObject({ planName: '9GB', planType: 'GLO' });
    expect(cg.body.plan).toMatchObject({ planName: '11GB', planType: 'MTN-CG' });

    const none = await authFetch('POST', '/dataPlan/add', {
      token: admin,
      body: { planType: 'Gifting promo', planName: '8GB', smartEarnerPrice: 2100, planAmount: 2000 },
    });
    expect(none).toEqual({ status: 400, body: { msg: 'Select a network' } });
    const unknown = await authFetch('POST', '/dataPlan/add', {
      token: admin,
      body: { planType: 'Gifting promo', planNetwork: 'VODAFONE', planName: '8GB', smartEarnerPrice: 2100, planAmount: 2000 },
    });
    expect(unknown).toEqual({ status: 400, body: { msg: 'Select a network' } });
  });

  it('reserved accounts appear without GET /auth/generateAcc: made after KYC, and at the next login when a KYC user has none; once per user', async () => {
    const { form, token, session } = await registered();
    const userId = session.user._id as string;
    expect((await authFetch('GET', '/auth', { token })).body.user.accountNumbers).toEqual([]);
    expect((await authFetch('POST', '/auth/updateKyc', { token, body: { nin: kycNumber() } })).status).toBe(200);
    const made = await eventuallyAccounts(token);
    expect(made.length).toBeGreaterThanOrEqual(2);

    // A KYC user left without accounts (as users verified before this change are): the next login makes them.
    await profileUpdate(userId, 'REMOVE accountNumbers, accountsReservedAt');
    expect((await authFetch('GET', '/auth', { token })).body.user.accountNumbers).toEqual([]);
    const login = await authFetch('POST', '/auth/login', { body: { userName: form.userName, password: form.password } });
    expect(login.status).toBe(200);
    const again = await eventuallyAccounts(login.body.token);
    // The provider keeps one reservation per user: the same accounts come back, none added.
    expect(again).toEqual(made);
    const customers = ((await simulator('/monnify/accounts')) as any[]).filter((c) => c.accountReference === userId);
    expect(customers).toHaveLength(1);

    // Logins of a user who has accounts change nothing.
    await authFetch('POST', '/auth/login', { body: { userName: form.userName, password: form.password } });
    expect((await authFetch('GET', '/auth', { token })).body.user.accountNumbers).toEqual(made);
  });

  it('a login without KYC asks for no accounts: the provider never hears of the user', async () => {
    const { form, token, session } = await registered();
    expect((await authFetch('POST', '/auth/login', { body: { userName: form.userName, password: form.password } })).status).toBe(200);
    // A sign-in's request for accounts is on the queue before its answer. The positive signal: a later
    // request on the same queue (another user's KYC) has made its accounts, and the queue is then empty.
    const later = await registered();
    expect((await authFetch('POST', '/auth/updateKyc', { token: later.token, body: { nin: kycNumber() } })).status).toBe(200);
    await eventuallyAccounts(later.token);
    await waitForQueuesToEmpty(cloud(), ['ReservedAccounts']);
    expect((await authFetch('GET', '/auth', { token })).body.user.accountNumbers).toEqual([]);
    expect(((await simulator('/monnify/accounts')) as any[]).filter((c) => c.accountReference === session.user._id)).toEqual([]);
  });
});

let kycCount = 0;
/** A fresh NIN the identity simulator matches (any 11 digits not starting 000 or 999). */
function kycNumber(): string {
  kycCount += 1;
  return `4${String(Date.now()).slice(-8)}${String(kycCount).padStart(2, '0')}`;
}

async function simulator(path: string): Promise<unknown> {
  const response = await fetch(`${cloud().simulatorsUrl}/_sim${path}`, { headers: { accept: 'application/json' } });
  return response.json();
}

async function eventuallyAccounts(token: string, timeoutMs = 20_000): Promise<{ bankName: string; accountNumber: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accounts = (await authFetch('GET', '/auth', { token })).body.user.accountNumbers as { bankName: string; accountNumber: string }[];
    if (accounts.length > 0) return accounts;
    if (Date.now() > deadline) throw new Error(`no reserved accounts after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let documentClient: DynamoDBDocumentClient | undefined;
/** A direct write to a user's profile: the state a user verified before this change is in. */
async function profileUpdate(userId: string, expression: string): Promise<void> {
  const { dynamoEndpoint: endpoint, tableName } = cloud();
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  await documentClient.send(new UpdateCommand({ TableName: tableName, Key: { pk: `USER#${userId}`, sk: 'PROFILE' }, UpdateExpression: expression }));
}
