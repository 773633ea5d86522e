/**
 * Every Lambda function of the platform: where its code lives and what it is for.
 * The stack builds them from this list; the local cloud finds them again through the
 * `vtu:entry` metadata the stack stamps on each function.
 */
import { fileURLToPath } from 'node:url';
import { HTTP_SERVICES, type HttpService } from '../../shared/routes.js';

export interface FunctionSpec {
  /** Logical name, also the construct id. */
  readonly name: string;
  /** Entry file, relative to the repository root. */
  readonly entry: string;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /**
   * Concurrency limit (decision 49 (docs/decisions/0049-*)): for an SQS consumer, its event source mapping's
   * maximum concurrency (SQS `maximumConcurrency`, at least 2); for a stream or scheduled consumer,
   * its reserved concurrency. Absent only on the HTTP functions (the API's throttling limits them).
   */
  readonly concurrency?: { readonly queue: number } | { readonly reserved: number };
}

/**
 * Consumers' concurrency limits, in one place. SQS's `maximumConcurrency` is at least 2; a
 * scheduled job that must never overlap itself has reserved concurrency 1.
 */
export const CONCURRENCY = {
  /** SQS event source mappings accept no lower maximum concurrency. */
  sqsMinimum: 2,
  /** A job that must not run twice at once (the sweepers). */
  singleton: 1,
  /**
   * Fulfilment invocations at once unless the stack's `fulfilmentMaxConcurrency` context says otherwise:
   * each takes a batch of up to FULFILMENT_BATCH_SIZE purchases at once, so at most 5 × 10 = 50 supplier calls in flight.
   */
  fulfilmentDefault: 5,
  /** SQS allows at most this maximum concurrency on a mapping. */
  sqsMaximum: 1000,
} as const;

/** Purchases one fulfilment invocation takes from its queue (and delivers at once). */
export const FULFILMENT_BATCH_SIZE = 10;

/**
 * Lambda gives CPU in proportion to memory. The services that hash passwords (argon2id at OWASP's
 * cost, 19 MiB and two passes: CPU-bound) keep a whole GB; the others mostly wait on DynamoDB and
 * get half, which halves their GB-seconds (the purchase API was 83 % of the Lambda bill per purchase).
 */
const PASSWORD_HASHING_SERVICES: ReadonlySet<HttpService> = new Set(['accounts', 'profile']);
const httpMemoryMb = (service: HttpService) => (PASSWORD_HASHING_SERVICES.has(service) ? 1024 : 512);

export const HTTP_FUNCTIONS: Record<HttpService, FunctionSpec> = Object.fromEntries(
  HTTP_SERVICES.map((service) => [
    service,
    {
      name: `${service[0]!.toUpperCase()}${service.slice(1)}Api`,
      entry: `functions/handlers/http/${service}.ts`,
      timeoutSeconds: 10,
      memoryMb: httpMemoryMb(service),
    },
  ]),
) as Record<HttpService, FunctionSpec>;

/**
 * Delivers purchases to suppliers (SQS consumer). Timeout covers two supplier calls with failover.
 * It waits on suppliers and DynamoDB, not the CPU: the smallest memory that holds a batch's answers.
 */
export const FULFILMENT_FUNCTION: FunctionSpec = {
  name: 'Fulfilment',
  entry: 'functions/handlers/fulfilment.ts',
  timeoutSeconds: 60,
  memoryMb: 256,
  concurrency: { queue: CONCURRENCY.fulfilmentDefault },
};
/**
 * The transaction outbox: reads the table's stream and, from the write itself, hands new purchases
 * to fulfilment and announces every settlement on the bus (stream consumer). It forwards, waiting on
 * SQS and EventBridge: the smallest memory, as the counters.
 */
export const TRANSACTION_STREAM_FUNCTION: FunctionSpec = {
  name: 'TransactionStream',
  entry: 'functions/handlers/transaction-stream.ts',
  timeoutSeconds: 60,
  memoryMb: 256,
  concurrency: { reserved: 10 },
};
/**
 * The platform's counters: reads the same stream and sums each batch of transaction changes into
 * the listing's platform shards, the sales figures and the wallet total, off the request path.
 */
export const TRANSACTION_COUNTERS_FUNCTION: FunctionSpec = {
  name: 'TransactionCounters',
  entry: 'functions/handlers/transaction-counters.ts',
  timeoutSeconds: 60,
  memoryMb: 256,
  concurrency: { reserved: 5 },
};
/**
 * How long the counters' mapping gathers records before a batch (Lambda's MaximumBatchingWindowInSeconds):
 * a user's filtered listing and counts follow their records by this much and the batch's write, within
 * LISTING_COUNTS_LAG_MS (shared/constants.ts), which the web waits out as "updating".
 */
export const PLATFORM_COUNTERS_BATCHING_WINDOW_SECONDS = 1;
/** Records the platform counters' consumer sums per batch (its stream mapping's BatchSize). */
export const PLATFORM_COUNTERS_BATCH_SIZE = 500;
/** Re-enqueues purchases stranded by a crash and re-queries pending ones (schedule). */
export const SWEEPER_FUNCTION: FunctionSpec = {
  name: 'Sweeper',
  entry: 'functions/handlers/sweeper.ts',
  timeoutSeconds: 120,
  memoryMb: 512,
  concurrency: { reserved: CONCURRENCY.singleton },
};
/** Sends e-mail requested on the bus (SQS consumer). */
export const MAILER_FUNCTION: FunctionSpec = {
  name: 'Mailer',
  entry: 'functions/handlers/mailer.ts',
  timeoutSeconds: 30,
  memoryMb: 256,
  concurrency: { queue: 2 },
};
/** Fans admins' mailings out, a page of users per message (SQS consumer). */
export const MAILINGS_FUNCTION: FunctionSpec = {
  name: 'Mailings',
  entry: 'functions/handlers/mailings.ts',
  timeoutSeconds: 30,
  memoryMb: 256,
  concurrency: { queue: CONCURRENCY.sqsMinimum },
};
/** Password reset requests off the request path: throttle, look-up, token, mail (SQS consumer of a bus rule). */
export const PASSWORD_RESETS_FUNCTION: FunctionSpec = {
  name: 'PasswordResets',
  entry: 'functions/handlers/password-resets.ts',
  timeoutSeconds: 30,
  memoryMb: 256,
  concurrency: { queue: CONCURRENCY.sqsMinimum },
};
/** Delivers signed webhooks of settled transactions to API users (SQS consumer). */
export const WEBHOOK_FUNCTION: FunctionSpec = {
  name: 'WebhookDelivery',
  entry: 'functions/handlers/webhook-delivery.ts',
  timeoutSeconds: 30,
  memoryMb: 256,
  concurrency: { queue: 5 },
};

/** Confirms providers' webhooks with the provider and credits / settles payouts (SQS consumer). */
export const PROVIDER_EVENTS_FUNCTION: FunctionSpec = {
  name: 'ProviderEvents',
  entry: 'functions/handlers/provider-events.ts',
  timeoutSeconds: 60,
  memoryMb: 512,
  concurrency: { queue: 5 },
};
/** Pays withdrawals out through the payout provider (SQS consumer). */
export const PAYOUTS_FUNCTION: FunctionSpec = {
  name: 'Payouts',
  entry: 'functions/handlers/payouts.ts',
  timeoutSeconds: 60,
  memoryMb: 512,
  concurrency: { queue: CONCURRENCY.sqsMinimum },
};
/** Re-queries withdrawals left open (schedule). */
export const PAYOUT_SWEEPER_FUNCTION: FunctionSpec = {
  name: 'PayoutSweeper',
  entry: 'functions/handlers/payout-sweeper.ts',
  timeoutSeconds: 120,
  memoryMb: 256,
  concurrency: { reserved: CONCURRENCY.singleton },
};
/** How often the payout sweeper runs in the cloud. */
export const PAYOUT_SWEEPER_RATE_MINUTES = 5;
/** Referral rewards on UserUpgraded (SQS consumer of a bus rule). */
export const REFERRAL_REWARDS_FUNCTION: FunctionSpec = {
  name: 'ReferralRewards',
  entry: 'functions/handlers/referral-rewards.ts',
  timeoutSeconds: 30,
  memoryMb: 256,
  concurrency: { queue: CONCURRENCY.sqsMinimum },
};
/** Reserved bank accounts on ReservedAccountsWanted (SQS consumer of a bus rule): the provider call, off sign-in and KYC. */
export const RESERVED_ACCOUNTS_FUNCTION: FunctionSpec = {
  name: 'ReservedAccounts',
  entry: 'functions/handlers/reserved-accounts.ts',
  timeoutSeconds: 30,
  memoryMb: 256,
  concurrency: { queue: CONCURRENCY.sqsMinimum },
};

/** The books' daily tie-out: Σ wallets + the house account against money in − money out; records it and publishes the difference (schedule). */
export const TIE_OUT_FUNCTION: FunctionSpec = {
  name: 'TieOut',
  entry: 'functions/handlers/tie-out.ts',
  timeoutSeconds: 300,
  memoryMb: 256,
  concurrency: { reserved: CONCURRENCY.singleton },
};
/** How often the tie-out runs (the local cloud runs rate schedules only). */
export const TIE_OUT_RATE_DAYS = 1;

/** The money desk's schedule: reads each supplier's balance (alerts once per crossing) and asks for the day before's reconciliation after Lagos midnight. */
export const MONEY_DESK_SCHEDULE_FUNCTION: FunctionSpec = {
  name: 'MoneyDeskSchedule',
  entry: 'functions/handlers/money-desk-schedule.ts',
  timeoutSeconds: 60,
  memoryMb: 256,
  concurrency: { reserved: CONCURRENCY.singleton },
};
/** Reconciles a supplier's day a page at a time (SQS consumer of the reconciliation queue; re-queries the supplier). */
export const RECONCILIATION_FUNCTION: FunctionSpec = {
  name: 'Reconciliation',
  entry: 'functions/handlers/reconciliation.ts',
  timeoutSeconds: 120,
  memoryMb: 256,
  concurrency: { queue: CONCURRENCY.sqsMinimum },
};

export const ALL_FUNCTIONS: FunctionSpec[] = [
  ...Object.values(HTTP_FUNCTIONS),
  FULFILMENT_FUNCTION,
  TRANSACTION_STREAM_FUNCTION,
  TRANSACTION_COUNTERS_FUNCTION,
  SWEEPER_FUNCTION,
  MAILER_FUNCTION,
  WEBHOOK_FUNCTION,
  PROVIDER_EVENTS_FUNCTION,
  PAYOUTS_FUNCTION,
  REFERRAL_REWARDS_FUNCTION,
  RESERVED_ACCOUNTS_FUNCTION,
  PAYOUT_SWEEPER_FUNCTION,
  MAILINGS_FUNCTION,
  PASSWORD_RESETS_FUNCTION,
  MONEY_DESK_SCHEDULE_FUNCTION,
  RECONCILIATION_FUNCTION,
  TIE_OUT_FUNCTION,
];

/** How often the sweeper runs in the cloud. */
export const SWEEPER_RATE_MINUTES = 1;

/** Metadata keys the local cloud reads from the synthesized template. */
export const LOCAL_METADATA = { entry: 'vtu:entry', handler: 'vtu:handler' } as const;

/**
 * How every function is bundled (esbuild): the stack uses it, and so does the benchmark, so the
 * measured bundles are the deployed ones. The AWS SDK is bundled too rather than taken from the
 * runtime: one pre-linked file imports faster than the runtime's hundreds of SDK files (measured by
 * `npm run bench`: about +70 ms bundled against +150 ms external), and the version we test is the
 * version we ship.
 */
export const LAMBDA_BUNDLING = {
  target: 'node22',
  minify: true,
  mainFields: ['module', 'main'],
  // Some dependencies still call require(); give ESM bundles one.
  banner: "import{createRequire as __cr}from'module';const require=__cr(import.meta.url);",
  externalModules: [] as string[],
  /** Lambda credentials are always in the environment: bundle only that provider (see infra/stack/lambda/env-credentials.ts). */
  alias: { '@aws-sdk/credential-provider-node': fileURLToPath(new URL('./lambda/env-credentials.ts', import.meta.url)) },
  /**
   * Compile-time constants. `__CRASH_POINTS__: false` compiles the local cloud's crash points out of
   * every deployed function (functions/adapters/crash-points.ts): no variable can arm one there, because
   * the code that would is not in the bundle (tests/infra/crash-points-bundle.test.ts).
   */
  define: { __CRASH_POINTS__: 'false' } as Record<string, string>,
} as const;
