/** Business constants. One source of truth for server, web and stack. */
import { nairaToKobo } from './money.js';

export const API_BASE_PATH = '/api/v1';

export const NETWORK_NAMES = ['MTN', 'GLO', 'AIRTEL', '9MOBILE'] as const;
export type NetworkName = (typeof NETWORK_NAMES)[number];

/** Network ids on POST /buy/airtime. */
export const AIRTIME_NETWORK_IDS: Record<NetworkName, number> = { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 4 };
/** Network ids on POST /buy/data (9MOBILE is 6 there). */
export const DATA_NETWORK_IDS: Record<NetworkName, number> = { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 6 };

export function airtimeNetworkName(id: number): NetworkName | undefined {
  return NETWORK_NAMES.find((name) => AIRTIME_NETWORK_IDS[name] === id);
}
export function dataNetworkName(id: number): NetworkName | undefined {
  return NETWORK_NAMES.find((name) => DATA_NETWORK_IDS[name] === id);
}

export const PRODUCTS = ['MTN', 'MTN-CG', 'MTN-SME2', 'MTN-COUPON', 'GLO', 'AIRTEL', '9MOBILE'] as const;

export const USER_TYPES = ['smart earner', 'reseller', 'api user'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const DEFAULT_USER_TYPE: UserType = 'smart earner';

export const SUPPLIERS = ['ALARO', 'GLAD'] as const;
export type SupplierName = (typeof SUPPLIERS)[number];
export const DEFAULT_SUPPLIER: SupplierName = 'ALARO';
/**
 * Every supplier the platform can be configured with (SUPPLIERS_CONFIG names): the spec's MSORG
 * panels above (the admin's per-network choice) plus VTpass, the electricity supplier, which may
 * also serve airtime and data (it then follows the admin's choice in the failover chain).
 * Add a supplier here, then give it a protocol in SUPPLIERS_CONFIG.
 */
export const VTPASS_SUPPLIER = 'VTPASS' as const;
/** The recharge-card (e-PIN) panel: sells printable PINs only (functions/adapters/suppliers/epin-panel). */
export const EPIN_SUPPLIER = 'EPINPANEL' as const;
export const CONFIGURABLE_SUPPLIERS = [...SUPPLIERS, VTPASS_SUPPLIER, EPIN_SUPPLIER] as const;
export type ConfigurableSupplierName = (typeof CONFIGURABLE_SUPPLIERS)[number];
/** Tried first for electricity when it is configured; other electricity suppliers follow (failover). */
export const DEFAULT_ELECTRICITY_SUPPLIER: ConfigurableSupplierName = VTPASS_SUPPLIER;

/** Services sold per network (the admin's service table: a row per network). */
export const SERVICE_TYPES = ['airtime', 'data'] as const;
/** Bill services (cable TV, exam PINs): locked per provider (shared/bills.ts names them). */
export const BILL_SERVICE_TYPES = ['cable', 'exam'] as const;
/** Every service type a lock may name. */
export const LOCKABLE_SERVICE_TYPES = [...SERVICE_TYPES, ...BILL_SERVICE_TYPES] as const;

export const METER_TYPES = ['prepaid', 'postpaid'] as const;
export const DEFAULT_METER_TYPE = 'prepaid';
export const ELECTRICITY_COMPANIES = [
  { name: 'Ikeja', meterId: 18 },
  { name: 'Ibadan', meterId: 19 },
  { name: 'Eko', meterId: 20 },
  { name: 'Port Harcourt', meterId: 21 },
  { name: 'Kaduna', meterId: 22 },
  { name: 'Kano', meterId: 23 },
  { name: 'Jos', meterId: 24 },
  { name: 'Abuja', meterId: 25 },
  { name: 'Enugu', meterId: 26 },
  { name: 'Yola', meterId: 28 },
  { name: 'Benin', meterId: 29 },
] as const;
export const DEFAULT_ELECTRICITY_METER_ID = 18;
export type MeterType = (typeof METER_TYPES)[number];
export type ElectricityCompany = (typeof ELECTRICITY_COMPANIES)[number];
export function electricityCompany(meterId: number): ElectricityCompany | undefined {
  return ELECTRICITY_COMPANIES.find((company) => company.meterId === meterId);
}
export function isMeterType(value: unknown): value is MeterType {
  return typeof value === 'string' && (METER_TYPES as readonly string[]).includes(value);
}
/** Smallest electricity purchase (token value; the ₦50 fee comes on top). Discos' own minimum may be higher (merchant-verify's Min_Purchase_Amount). */
export const ELECTRICITY_MIN_KOBO = nairaToKobo(1_000);
/** Largest single electricity purchase we accept (a sensible limit; suppliers cap single vends around here). */
export const ELECTRICITY_MAX_KOBO = nairaToKobo(500_000);
/** Meter (or postpaid account) numbers: digits only, this many. */
export const METER_NUMBER_MIN_DIGITS = 6;
export const METER_NUMBER_MAX_DIGITS = 20;

export const TRANSACTION_TYPES = [
  'airtime',
  'data',
  'electricity',
  'cable',
  'exam',
  // A VTpass service offered by configuration (Smile, Spectranet …): trans_Network names which.
  'service',
  'wallet',
  'transfer',
  'refund',
  'referrer',
  'earning',
  'withdrawal',
  'upgrade',
  // A bulk purchase's one debit for all its lines; each line is its own airtime or data record.
  'bulk',
  // Recharge cards: a batch of printable PINs of one network and denomination.
  'epin',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['success', 'failed', 'processing', 'pending', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** Statuses of a purchase that is not final yet. */
export const OPEN_STATUSES: readonly TransactionStatus[] = ['processing', 'pending'];

/**
 * Filter options offered on the transactions screen: every transaction type, so none is
 * listed without a way to find it (withdrawals alone too: the listing filters the stored type).
 */
export const TRANSACTION_TYPE_FILTERS = ['all', ...TRANSACTION_TYPES] as const;
export const TRANSACTION_STATUS_FILTERS = ['all', 'success', 'pending', 'failed', 'refunded'] as const;

export const PHONE_NUMBER_LENGTH = 11;

export const AIRTIME_MIN_KOBO = nairaToKobo(100);
/** Largest single airtime top-up we accept (a sensible limit; suppliers cap single VTU at ₦50,000). */
export const AIRTIME_MAX_KOBO = nairaToKobo(50_000);
/** The airtime charge as a share of face value, by user type (98% reseller, 99% otherwise). */
export const AIRTIME_CHARGE_BPS: Record<UserType, number> = { reseller: 9_800, 'smart earner': 9_900, 'api user': 9_900 };

export const FUND_WALLET_MIN_KOBO = nairaToKobo(100);
export const FUND_WALLET_CHARGE_BPS = 100;
export const ELECTRICITY_FEE_KOBO = nairaToKobo(50);
export const WITHDRAWAL_FEE_KOBO = nairaToKobo(50);
export const RESELLER_UPGRADE_FEE_KOBO = nairaToKobo(1000);
export const REFERRAL_REWARD_KOBO = nairaToKobo(500);

/** Largest coupon an admin may generate at once. */
export const COUPON_MAX_KOBO = nairaToKobo(1_000_000);

export const FILTER_DEBOUNCE_MS = 2_000;
export const TOAST_AUTO_CLOSE_MS = 5_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const DASHBOARD_NAME_MAX_CHARS = 15;
export const RESERVED_ACCOUNT_NAME_CHARS = 10;
export const PAGINATION_BUTTONS_USER = 15;
export const PAGINATION_BUTTONS_ADMIN = 20;
export const TRANSACTIONS_PAGE_SIZE = 20;
/**
 * How far a filtered transaction listing and the listing's counts may trail the records: their
 * counters are summed from the table's stream, off the request path (decision 129). The unfiltered
 * history reads the records and shows a change at once; the web says "updating" for this long after
 * a change it knows of, then reads again.
 */
export const LISTING_COUNTS_LAG_MS = 2_000;
export const DEFAULT_VERIFICATION_METHOD = 'nin';

/** Auth */
export const AUTH_HEADER = 'x-auth-token';
/** The header CloudFront adds to every API request (its value a secret): requests straight to the API's own endpoint lack it and are refused. */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';
/**
 * The viewer's address ("ip:port", IPv6 unbracketed) as the edge saw it on the socket: CloudFront sets
 * it on the API's requests (its origin request policy), the local edge likewise; never the client's to say.
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
/** API keys: also accepted as `Authorization: Bearer <key>` or `Authorization: Token <key>`. */
export const API_KEY_HEADER = 'x-auth-apikey';
/** Every API key starts with this: how the edge tells a key from a session JWT in `Authorization`. */
export const API_KEY_PREFIX = 'vtu_';
/** Requests per minute per API key unless API_KEY_RATE_LIMIT_PER_MINUTE says otherwise. */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 60;
/**
 * Sessions: a session token lives this long (ACCESS_TOKEN_TTL_SECONDS may shorten
 * it for the local cloud's tests); POST /auth/refresh renews it while the app is in use.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session ends this long after its sign-in, however often it was renewed (the tokens' old 24 h). */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;
/** An expired token may still be renewed for this long (a phone that slept, a tab in the background); then: sign in again. */
export const TOKEN_RENEWAL_GRACE_SECONDS = 15 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Purchases left `processing` this long are treated as crashed and re-enqueued by the sweeper. */
export const STALE_PROCESSING_MS = 60_000;
/** After this long pending, a purchase stops being re-queried automatically and waits for an admin. */
export const MAX_PENDING_AGE_MS = 3 * 24 * 60 * 60 * 1000;

/** What a supplier charges us for airtime, as a share of face value (97%); profit = charge − cost. */
export const AIRTIME_COST_BPS = 9_700;
/** Supplier call timeout when SUPPLIER_TIMEOUT_MS is not set. */
export const SUPPLIER_TIMEOUT_DEFAULT_MS = 20_000;
/** A pending purchase is re-queried by the sweeper once this long has passed since its last look. */
export const REQUERY_AFTER_MS = 5_000;
/**
 * A purchase claimed for submission but still `processing` this long is treated as a crashed
 * submission and re-queried. Longer than the fulfilment function's timeout (60 s), so a call that
 * may still be in flight is never second-guessed; also the grace before "unknown to the supplier"
 * counts as a definite failure.
 */
export const CLAIM_STALE_MS = 90_000;

// ---------------------------------------------------------------------------------------------
// Catalogue, suppliers, service locks and contacts (appended with the data-plan work).

/** Data products, also the plan types of the catalogue. */
export const PLAN_TYPES = PRODUCTS;
export type PlanType = (typeof PLAN_TYPES)[number];

/** The network that delivers each plan type. */
export const PLAN_TYPE_NETWORK: Record<PlanType, NetworkName> = {
  MTN: 'MTN',
  'MTN-CG': 'MTN',
  'MTN-SME2': 'MTN',
  'MTN-COUPON': 'MTN',
  GLO: 'GLO',
  AIRTEL: 'AIRTEL',
  '9MOBILE': '9MOBILE',
};

export function isPlanType(value: unknown): value is PlanType {
  return typeof value === 'string' && (PLAN_TYPES as readonly string[]).includes(value);
}
export function isNetworkName(value: unknown): value is NetworkName {
  return typeof value === 'string' && (NETWORK_NAMES as readonly string[]).includes(value);
}
export function isSupplierName(value: unknown): value is SupplierName {
  return typeof value === 'string' && (SUPPLIERS as readonly string[]).includes(value);
}

/** Validity given to a plan when the admin leaves it blank. */
export const DEFAULT_PLAN_VALIDITY = '30 days';

export type ServiceType = (typeof LOCKABLE_SERVICE_TYPES)[number];
/** A service (a network, or for data also a plan type) is either available or locked by an admin. */
export const SERVICE_STATUSES = ['available', 'locked'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Default network of the contact form. */
export const DEFAULT_CONTACT_NETWORK: NetworkName = 'MTN';
/** A user keeps at most this many contacts (keeps the list one cheap query). */
export const CONTACTS_MAX = 200;
export const CONTACT_NAME_MAX_CHARS = 40;

// ---------------------------------------------------------------------------------------------
// Money in and out: card links, reserved accounts, transfers, withdrawals, referrals, KYC
// (appended with the funding/withdrawal work).

/** Smallest withdrawal: the ₦50 fee must leave the user something (the spec names no minimum; ours). */
export const WITHDRAWAL_MIN_KOBO = nairaToKobo(100);
/** Largest single withdrawal (a sensible per-transfer limit; providers cap NIP transfers higher). */
export const WITHDRAWAL_MAX_KOBO = nairaToKobo(1_000_000);
/** Largest single card payment link. */
export const FUND_WALLET_MAX_KOBO = nairaToKobo(1_000_000);
/** Nigerian bank account numbers (NUBAN) have 10 digits. */
export const ACCOUNT_NUMBER_LENGTH = 10;
/** NIN and BVN have 11 digits. */
export const KYC_NUMBER_LENGTH = 11;
export const VERIFICATION_METHODS = ['nin', 'bvn'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
/** A user keeps at most this many withdrawal beneficiaries. */
export const BENEFICIARIES_MAX = 50;
/** Rows per page of GET /auth/referral. */
export const REFERRALS_PAGE_SIZE = 20;
/** Largest single user-to-user transfer. */
export const TRANSFER_MAX_KOBO = nairaToKobo(1_000_000);
/** Outside-party call timeout when PROVIDER_TIMEOUT_MS is not set. */
export const PROVIDER_TIMEOUT_DEFAULT_MS = 15_000;

/**
 * Retries on a request path. A retry loop stops this long before its function's
 * timeout, so that what it answers is never overtaken by the timeout.
 */
export const RETRY_DEADLINE_MARGIN_MS = 1_000;
/** Outside any invocation (tests, scripts) a retry loop stops after this long unless it names its own budget. */
export const RETRY_DEFAULT_BUDGET_MS = 8_000;
/**
 * How long one balance change keeps retrying against other writers of the same wallet before it
 * answers "try again" (503 with Retry-After) having written nothing; keeps an answer under 3 s.
 */
export const WALLET_WRITE_BUDGET_MS = 2_000;
/**
 * How long a change waits in its busy wallet's queue for a group commit before it withdraws and
 * answers "try again" (decisions 88, 108): a commit takes the whole queue at once, so waiting
 * is worth more than a resend, which would start over behind everyone. The invocation's deadline
 * bounds it too (a 10 s function stops waiting a second or more before its timeout). At 3 s, under
 * load on two cores, where one request took about a second, a burst's changes all reached their
 * stops before the queue could drain, and most of a burst answered "try again".
 */
export const WALLET_QUEUE_BUDGET_MS = 6_000;
/**
 * Smallest and largest wait between two tries of a balance change (decorrelated jitter): a crowd
 * on one wallet spreads over a window that widens to seconds instead of re-colliding every few ms.
 */
export const WALLET_WRITE_BACKOFF_BASE_MS = 25;
export const WALLET_WRITE_BACKOFF_CAP_MS = 2_000;
/** Retry-After (seconds) on a 503 for a busy wallet or work that ran out of time. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * Retry-After (seconds) of a 503 for an outside party that did not answer (a supplier's meter or
 * smartcard check, the bank list, a payment provider, an identity check): longer than a busy wallet's,
 * as such outages last longer than a contended write.
 */
export const OUTSIDE_PARTY_RETRY_AFTER_SECONDS = 5;

/** Most lines one bulk purchase takes. */
export const BULK_MAX_LINES = 100;

/** Saved decoders (cable TV) a user's list shows, most recently paid first. */
export const SAVED_DECODERS_MAX = 20;
