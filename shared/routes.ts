/**
 * The HTTP API route table: the one list the CDK stack, the local cloud's gateway,
 * the Lambda routers and the web client all read.
 */
import { API_BASE_PATH } from './constants.js';

/** Lambda functions that serve HTTP routes; each has its own bundle. */
export const HTTP_SERVICES = [
  'accounts',
  'wallet',
  'purchases',
  'transactions',
  'catalogue',
  'admin',
  'contacts',
  // Money in and out: card links and reserved accounts; the providers' public webhook receivers;
  // user-to-user transfers; withdrawals; referral earnings; the caller's own profile (upgrade, KYC, webhook).
  'funding',
  'webhooks',
  'transfers',
  'withdrawals',
  'earnings',
  'profile',
  // An operator's refund of a purchase: its own function, the one HTTP function that may credit a
  // wallet on an operator's word (writes USER# and TXN# items only).
  'refunds',
  // The API's OpenAPI document: its own function, so the document's generator stays out of the other bundles and it reads no table.
  'docs',
  // An admin's mail to one user or to all: validates and queues ONE mailing job; a consumer fans it out.
  'mailings',
  // The money desk's supplier floats and reconciliation (admins): reads the floats and reports, records
  // top-ups and thresholds, starts runs and acts on discrepancies; calls the suppliers (balance, re-query).
  // Settling a discrepancy as delivered takes its purchase's refund back from the wallet (USER# and TXN# items, as 'refunds' writes).
  'money-desk',
] as const;
export type HttpService = (typeof HTTP_SERVICES)[number];

/** Who may call a route. Checked on the server for every request. */
export type Access = 'public' | 'user' | 'admin' | 'adminOrAgent' | 'adminOrCouponVendor';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** Unique operation name; the service's router dispatches on it. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** Path under the API base path, in API Gateway syntax (`{param}`). */
  readonly path: string;
  readonly service: HttpService;
  readonly access: Access;
  /** A GET that changes something (kept for the original client): audited like any other write. */
  readonly changes?: true;
  /** A user route whose call by an admin or agent is an operator action (an admin's transfer credits from the house account): audited when they call it. */
  readonly auditOperators?: true;
  /**
   * The action's own write puts its audit entry (with before/after), so what changed and its entry
   * exist together or not at all; the HTTP layer then records only its refusals and failures.
   */
  readonly auditedInWrite?: true;
  /**
   * A reseller route an API key may call (purchases, balance, transactions, webhook settings).
   * Every other route refuses a key with 403: a leaked key buys, it never acts as an operator or manages the account.
   */
  readonly apiKey?: true;
}

export const ROUTES = [
  // Accounts
  { operation: 'register', method: 'POST', path: '/auth/register', service: 'accounts', access: 'public' },
  { operation: 'login', method: 'POST', path: '/auth/login', service: 'accounts', access: 'public' },
  { operation: 'isTokenValid', method: 'POST', path: '/auth/isTokenValid', service: 'accounts', access: 'public' },
  { operation: 'currentUser', method: 'GET', path: '/auth', service: 'accounts', access: 'user', apiKey: true },
  { operation: 'changePassword', method: 'POST', path: '/auth/changepassword', service: 'accounts', access: 'user' },
  { operation: 'requestPasswordReset', method: 'POST', path: '/auth/requestPasswordReset', service: 'accounts', access: 'public' },
  { operation: 'resetPassword', method: 'POST', path: '/auth/resetpassword', service: 'accounts', access: 'public' },
  // Ends the caller's session on the server: its token is refused from then on
  { operation: 'logout', method: 'POST', path: '/auth/logout', service: 'accounts', access: 'user' },
  // A new short-lived token for the same session: public because the token sent may have
  // just expired; the handler checks it, and refuses an API key
  { operation: 'refreshToken', method: 'POST', path: '/auth/refresh', service: 'accounts', access: 'public' },
  { operation: 'validateUser', method: 'GET', path: '/auth/validateUser/{userName}', service: 'accounts', access: 'user' },
  // Wallet funding
  { operation: 'fundWithCoupon', method: 'POST', path: '/fundWallet/coupon', service: 'wallet', access: 'user' },
  // Admins' coupons create money; coupon vendors' are paid from their wallet and cancellable while unredeemed.
  { operation: 'generateCoupon', method: 'POST', path: '/admin/generateCoupon', service: 'wallet', access: 'adminOrCouponVendor', auditedInWrite: true },
  { operation: 'listVendorCoupons', method: 'GET', path: '/admin/coupons', service: 'wallet', access: 'adminOrCouponVendor' },
  { operation: 'cancelCoupon', method: 'POST', path: '/admin/coupon/{code}/cancel', service: 'wallet', access: 'adminOrCouponVendor', auditedInWrite: true },
  // Purchases
  { operation: 'buyAirtime', method: 'POST', path: '/buy/airtime', service: 'purchases', access: 'user', apiKey: true },
  // Transactions
  { operation: 'listTransactions', method: 'GET', path: '/transaction', service: 'transactions', access: 'user', apiKey: true },
  // One transaction (the owner's, or anyone's for admins and agents): what the web polls while a purchase on screen is open
  { operation: 'getTransaction', method: 'GET', path: '/transaction/{id}', service: 'transactions', access: 'user', apiKey: true },
  // Data purchases
  { operation: 'buyData', method: 'POST', path: '/buy/data', service: 'purchases', access: 'user', apiKey: true },
  // Electricity: validate the meter, then buy a token
  { operation: 'validateMeter', method: 'POST', path: '/buy/validateMeter', service: 'purchases', access: 'user', apiKey: true },
  { operation: 'buyElectricity', method: 'POST', path: '/buy/electricity', service: 'purchases', access: 'user', apiKey: true },
  // Cable TV (the original backend's paths): verify the smartcard / IUC, then renew or change the bouquet
  { operation: 'validateCableTv', method: 'POST', path: '/buy/validatecabletv', service: 'purchases', access: 'user', apiKey: true },
  { operation: 'buyCableTv', method: 'POST', path: '/buy/cableTv', service: 'purchases', access: 'user', apiKey: true },
  // Exam PINs: verify a JAMB profile id, then buy WAEC / JAMB PINs
  { operation: 'validateExam', method: 'POST', path: '/buy/validateExam', service: 'purchases', access: 'user', apiKey: true },
  { operation: 'buyExam', method: 'POST', path: '/buy/exam', service: 'purchases', access: 'user', apiKey: true },
  // Recharge cards (e-PINs): 1–100 PINs of one network and denomination, printed under the buyer's business name
  { operation: 'buyEpin', method: 'POST', path: '/buy/epin', service: 'purchases', access: 'user', apiKey: true },
  // Bulk purchases: up to 100 lines, one debit; each line its own purchase, reported per line (the owner's only)
  { operation: 'buyAirtimeBulk', method: 'POST', path: '/buy/airtime/bulk', service: 'purchases', access: 'user', apiKey: true },
  { operation: 'buyDataBulk', method: 'POST', path: '/buy/data/bulk', service: 'purchases', access: 'user', apiKey: true },
  { operation: 'getBulkPurchase', method: 'GET', path: '/buy/bulk/{id}', service: 'purchases', access: 'user', apiKey: true },
  // VTpass services offered by configuration (Smile, Spectranet …): one check and one buy route for all, serviceID in the body;
  // an admin reads what VTpass sells under a serviceID (the purchases function holds the supplier keys)
  { operation: 'validateService', method: 'POST', path: '/buy/validateService', service: 'purchases', access: 'user', apiKey: true },
  { operation: 'buyService', method: 'POST', path: '/buy/service', service: 'purchases', access: 'user', apiKey: true },
  { operation: 'serviceVariations', method: 'GET', path: '/admin/services/{serviceId}/variations', service: 'purchases', access: 'admin' },
  // Catalogue: public price list, the plan manager (admin), prices (admin and agent), cost prices (admin)
  { operation: 'listPrices', method: 'GET', path: '/prices', service: 'catalogue', access: 'public' },
  { operation: 'filterPrices', method: 'POST', path: '/prices', service: 'catalogue', access: 'public' },
  { operation: 'listPlans', method: 'GET', path: '/dataPlan', service: 'catalogue', access: 'adminOrAgent' },
  { operation: 'addPlan', method: 'POST', path: '/dataPlan/add', service: 'catalogue', access: 'admin', auditedInWrite: true },
  { operation: 'updatePlan', method: 'PATCH', path: '/dataPlan/update', service: 'catalogue', access: 'admin', auditedInWrite: true },
  { operation: 'deletePlan', method: 'DELETE', path: '/dataPlan/delete', service: 'catalogue', access: 'admin', auditedInWrite: true },
  { operation: 'updatePrice', method: 'POST', path: '/admin/updatePrice', service: 'catalogue', access: 'adminOrAgent', auditedInWrite: true },
  { operation: 'listCostPrices', method: 'GET', path: '/admin/costPrice', service: 'catalogue', access: 'admin' },
  { operation: 'setCostPrice', method: 'POST', path: '/admin/costPrice', service: 'catalogue', access: 'admin' },
  // Cable bouquets and exam PINs in the catalogue: their prices for the caller, and an admin's edit
  { operation: 'listBillProducts', method: 'GET', path: '/billProducts', service: 'catalogue', access: 'user', apiKey: true },
  { operation: 'updateBillProduct', method: 'POST', path: '/admin/billProduct', service: 'catalogue', access: 'admin' },
  // Configured VTpass services: those on sale with every tier's price (public, like the price list), and the admin's configuration
  { operation: 'listServices', method: 'GET', path: '/services', service: 'catalogue', access: 'public' },
  { operation: 'listConfiguredServices', method: 'GET', path: '/admin/services', service: 'catalogue', access: 'admin' },
  { operation: 'saveConfiguredService', method: 'PUT', path: '/admin/services', service: 'catalogue', access: 'admin' },
  // Admin settings: supplier per network, service locks
  { operation: 'listSuppliers', method: 'GET', path: '/admin/supplier', service: 'admin', access: 'admin' },
  { operation: 'setSupplier', method: 'POST', path: '/admin/supplier', service: 'admin', access: 'admin', auditedInWrite: true },
  { operation: 'updateServices', method: 'POST', path: '/admin/updateServices', service: 'admin', access: 'admin', auditedInWrite: true },
  { operation: 'checkServices', method: 'GET', path: '/admin/checkServices', service: 'admin', access: 'admin' },
  // The notice every signed-in user sees until they press OK; admins and agents set it
  { operation: 'getNotification', method: 'GET', path: '/admin/notification', service: 'admin', access: 'user' },
  { operation: 'setNotification', method: 'POST', path: '/admin/notification', service: 'admin', access: 'adminOrAgent', auditedInWrite: true },
  // The caller pressed OK on the notice: remembered on the server, so every device of theirs knows
  { operation: 'acknowledgeNotification', method: 'POST', path: '/admin/notification/ack', service: 'admin', access: 'user' },
  // An operator refunds a purchase
  { operation: 'refundTransaction', method: 'POST', path: '/admin/refund/{id}', service: 'refunds', access: 'adminOrAgent', auditedInWrite: true },
  // An admin reads a customer's PINs in full (everyone but the buyer reads them masked) with a reason:
  // the entry, with the reason, is written before the PINs are answered
  { operation: 'revealPins', method: 'POST', path: '/admin/transaction/{id}/reveal-pins', service: 'admin', access: 'admin', auditedInWrite: true },
  // The admin dashboard's data (spec GET /admin/; route paths cannot end in '/' on API Gateway)
  { operation: 'adminDashboard', method: 'GET', path: '/admin', service: 'admin', access: 'admin' },
  // Contacts (the caller's own)
  { operation: 'listContacts', method: 'GET', path: '/auth/contact', service: 'contacts', access: 'user' },
  { operation: 'addContact', method: 'POST', path: '/auth/contact', service: 'contacts', access: 'user' },
  { operation: 'updateContact', method: 'PATCH', path: '/auth/contact/{id}', service: 'contacts', access: 'user' },
  { operation: 'deleteContact', method: 'DELETE', path: '/auth/contact/{id}', service: 'contacts', access: 'user' },
  // Decoders paid for (cable TV), remembered beside the contacts once a payment is delivered.
  { operation: 'listDecoders', method: 'GET', path: '/auth/decoders', service: 'contacts', access: 'user' },
  { operation: 'forgetDecoder', method: 'DELETE', path: '/auth/decoders/{id}', service: 'contacts', access: 'user' },
  // Money in: card payment link (Squad) and reserved bank accounts (Monnify)
  { operation: 'initiateSquadPayment', method: 'POST', path: '/fundWallet/squad/initiate', service: 'funding', access: 'user' },
  { operation: 'generateReservedAccounts', method: 'GET', path: '/auth/generateAcc', service: 'funding', access: 'user' },
  // Providers' webhooks: public, authenticated by their signatures over the raw body
  { operation: 'squadWebhook', method: 'POST', path: '/webhooks/squad', service: 'webhooks', access: 'public' },
  { operation: 'monnifyWebhook', method: 'POST', path: '/webhooks/monnify', service: 'webhooks', access: 'public' },
  { operation: 'paystackWebhook', method: 'POST', path: '/webhooks/paystack', service: 'webhooks', access: 'public' },
  // VTpass's transaction-update push: unsigned, so it only names a purchase to re-query at VTpass
  { operation: 'vtpassWebhook', method: 'POST', path: '/webhooks/vtpass', service: 'webhooks', access: 'public' },
  // Transfers between users
  { operation: 'transferFund', method: 'POST', path: '/auth/transferFund', service: 'transfers', access: 'user', auditOperators: true, auditedInWrite: true },
  // Withdrawals to bank accounts
  { operation: 'listBankCodes', method: 'GET', path: '/withdraw/bankCodes', service: 'withdrawals', access: 'user' },
  { operation: 'validateBankAccount', method: 'POST', path: '/withdraw/validate', service: 'withdrawals', access: 'user' },
  { operation: 'withdraw', method: 'POST', path: '/withdraw', service: 'withdrawals', access: 'user' },
  { operation: 'listBeneficiaries', method: 'GET', path: '/withdraw/beneficiary', service: 'withdrawals', access: 'user' },
  { operation: 'addBeneficiary', method: 'POST', path: '/withdraw/beneficiary', service: 'withdrawals', access: 'user' },
  { operation: 'reQueryWithdrawal', method: 'POST', path: '/admin/reQueryWithdrawal', service: 'withdrawals', access: 'admin' },
  // Referral earnings
  { operation: 'referrals', method: 'GET', path: '/auth/referral', service: 'earnings', access: 'user' },
  { operation: 'withdrawEarning', method: 'POST', path: '/auth/withdrawEarning', service: 'earnings', access: 'user' },
  // The caller's profile: self-upgrade (admins: any type), KYC, webhook URL
  { operation: 'updateUserType', method: 'PATCH', path: '/auth/user/{id}', service: 'profile', access: 'user' },
  { operation: 'updateKyc', method: 'POST', path: '/auth/updateKyc', service: 'profile', access: 'user' },
  { operation: 'updateWebhook', method: 'POST', path: '/auth/updateWebhook', service: 'profile', access: 'user', apiKey: true },
  // The caller's webhook deliveries (the last attempts) and a signed test delivery sent now
  { operation: 'webhookDeliveries', method: 'GET', path: '/auth/webhook/deliveries', service: 'profile', access: 'user', apiKey: true },
  { operation: 'testWebhook', method: 'POST', path: '/auth/webhook/test', service: 'profile', access: 'user', apiKey: true },
  // The caller's API key: its hint, and a new key that replaces the old one at once, or none (revoked).
  // Changing a key takes a signed-in session and the password: a key alone cannot replace or revoke itself.
  { operation: 'showApiKey', method: 'GET', path: '/auth/apiKey', service: 'profile', access: 'user' },
  { operation: 'regenerateApiKey', method: 'POST', path: '/auth/apiKey/regenerate', service: 'profile', access: 'user' },
  { operation: 'revokeApiKey', method: 'POST', path: '/auth/apiKey/revoke', service: 'profile', access: 'user' },
  // An admin sets a user's type (the admin action cycles api user → smart earner → reseller → api user): no fee, no reward
  {
    operation: 'adminUpgradeUser',
    method: 'GET',
    path: '/admin/upgradeUser/{userId}/{userType}',
    service: 'profile',
    access: 'admin',
    changes: true,
    auditedInWrite: true,
  },
  // The user list (admins; agents read it as "my users"), its CSV and an admin's reset of a user's password.
  // Served by the accounts function: it already holds the user store, the bus and the app's address for reset links.
  { operation: 'listUsers', method: 'GET', path: '/admin/users', service: 'accounts', access: 'adminOrAgent' },
  { operation: 'downloadUsers', method: 'GET', path: '/admin/users/csv', service: 'accounts', access: 'admin' },
  { operation: 'resetUserPassword', method: 'POST', path: '/admin/resetUserPassword', service: 'accounts', access: 'admin' },
  // The OpenAPI document of the routes above (rendered at /docs in the web app)
  { operation: 'openApiDocument', method: 'GET', path: '/openapi.json', service: 'docs', access: 'public' },
  // An admin's mail to one user (userAccount) or, blank, to every user
  { operation: 'sendMail', method: 'POST', path: '/admin/sendMail', service: 'mailings', access: 'admin' },
  // The audit log of operator actions (admins): by day or by operator, newest first
  { operation: 'listAudit', method: 'GET', path: '/admin/audit', service: 'admin', access: 'admin' },
  // The money desk (admins): profit and loss by day, week or month, and the books' daily tie-out (a check now on demand; read-only)
  { operation: 'profitAndLoss', method: 'GET', path: '/admin/money-desk/profit-and-loss', service: 'admin', access: 'admin' },
  { operation: 'tieOut', method: 'GET', path: '/admin/money-desk/tie-out', service: 'admin', access: 'admin' },
  // The money desk's supplier floats: balance, spend, hours left, thresholds and recorded top-ups (admins)
  { operation: 'listFloats', method: 'GET', path: '/admin/money-desk/floats', service: 'money-desk', access: 'admin' },
  { operation: 'setFloatThresholds', method: 'POST', path: '/admin/money-desk/floats/{supplier}/thresholds', service: 'money-desk', access: 'admin' },
  { operation: 'recordFloatTopUp', method: 'POST', path: '/admin/money-desk/floats/{supplier}/topups', service: 'money-desk', access: 'admin' },
  // Reconciliation by supplier and Lagos day: the report, its CSV, a run on demand, and the actions on a discrepancy
  { operation: 'getReconciliation', method: 'GET', path: '/admin/money-desk/reconciliation', service: 'money-desk', access: 'admin' },
  { operation: 'downloadReconciliation', method: 'GET', path: '/admin/money-desk/reconciliation/csv', service: 'money-desk', access: 'admin' },
  { operation: 'runReconciliation', method: 'POST', path: '/admin/money-desk/reconciliation', service: 'money-desk', access: 'admin' },
  {
    operation: 'requeryDiscrepancy',
    method: 'POST',
    path: '/admin/money-desk/reconciliation/{day}/{supplier}/{requestId}/requery',
    service: 'money-desk',
    access: 'admin',
  },
  {
    operation: 'resolveDiscrepancy',
    method: 'POST',
    path: '/admin/money-desk/reconciliation/{day}/{supplier}/{requestId}/resolve',
    service: 'money-desk',
    access: 'admin',
  },
  // A supplier-only discrepancy whose purchase we refunded but the supplier delivered: the refund is taken back from the wallet, once
  {
    operation: 'settleDiscrepancyAsDelivered',
    method: 'POST',
    path: '/admin/money-desk/reconciliation/{day}/{supplier}/{requestId}/settle',
    service: 'money-desk',
    access: 'admin',
  },
] as const satisfies readonly RouteDef[];

export type Operation = (typeof ROUTES)[number]['operation'];

/**
 * An operator action: a route only admins, agents or coupon vendors may call that changes something. Each one is
 * written to the audit log by the HTTP layer; the stack lets exactly these functions append to it.
 * A user route marked `auditOperators` is one too, recorded only when an admin or agent calls it.
 */
export function isOperatorAction(route: RouteDef): boolean {
  const operatorsOnly = route.access === 'admin' || route.access === 'adminOrAgent' || route.access === 'adminOrCouponVendor';
  if (route.auditOperators) return true;
  return operatorsOnly && (route.method !== 'GET' || route.changes === true);
}

/** `METHOD /api/v1/path` — the API Gateway HTTP API route key. */
export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${API_BASE_PATH}${route.path}`;
}

/** Whether an API key may call this route (the `apiKey` mark): the edge refuses a key anywhere else. */
export function keyMayCall(route: RouteDef): boolean {
  return route.apiKey === true;
}

export function routeByOperation(operation: Operation): RouteDef {
  const route = ROUTES.find((r) => r.operation === operation);
  if (!route) throw new Error(`unknown operation ${operation}`);
  return route;
}

export function routesOf(service: HttpService): RouteDef[] {
  return ROUTES.filter((r) => r.service === service);
}

/** Fills `{param}` placeholders: apiPath('validateUser', { userName: 'ada' }) → '/api/v1/auth/validateUser/ada'. */
export function apiPath(operation: Operation, params: Record<string, string> = {}): string {
  const route = routeByOperation(operation);
  return (
    API_BASE_PATH +
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`missing path parameter ${name} for ${operation}`);
      return encodeURIComponent(value);
    })
  );
}
