/**
 * The whole platform as one CDK stack: DynamoDB single table, HTTP API → Lambda, SQS queues with
 * dead-letter queues and alarms, an EventBridge bus with rules, the sweeper schedule, and the web
 * app on S3 + CloudFront with /api/* routed to the HTTP API on the same origin.
 *
 * `-c deployTarget=localstack` builds the same stack for LocalStack's community tier: a REST API
 * (v1) from the same route table instead of the HTTP API, and the web app as an S3 website instead
 * of CloudFront; everything else is identical (infra/stack/deploy-target.ts, infra/stack/localstack-community.ts).
 *
 * The local cloud (infra/local) synthesizes this same stack and runs what it declares, so any
 * resource added here is picked up there too.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { type CfnStage, DomainName, HttpApi, type HttpMethod, SecurityPolicy } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, type CfnFunction, FilterCriteria, FilterRule, Runtime, StartingPosition, Tracing } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { API_BASE_PATH, ORIGIN_SECRET_HEADER } from '../../shared/constants.js';
import { EVENT_SOURCE, EVENT_TYPES } from '../../shared/events.js';
import { isOperatorAction, ROUTES, type HttpService } from '../../shared/routes.js';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../../shared/metrics.js';
import { ENV, PROVIDER_SECRET_PARAMETERS, type ProviderSecretName } from '../../shared/runtime-env.js';
import { WEBHOOK_MAX_ATTEMPTS } from '../../shared/api/webhooks.js';
import { MONEY_DESK_SCHEDULE_MINUTES } from '../../shared/api/money-desk-floats.js';
import { PARTITION_PREFIXES, RETIRED_INDEXES, TABLE_KEYS } from '../../shared/table.js';
import {
  CONCURRENCY,
  FULFILMENT_BATCH_SIZE,
  FULFILMENT_FUNCTION,
  TRANSACTION_STREAM_FUNCTION,
  TRANSACTION_COUNTERS_FUNCTION,
  PLATFORM_COUNTERS_BATCHING_WINDOW_SECONDS,
  PLATFORM_COUNTERS_BATCH_SIZE,
  HTTP_FUNCTIONS,
  LAMBDA_BUNDLING,
  LOCAL_METADATA,
  MAILER_FUNCTION,
  MAILINGS_FUNCTION,
  PASSWORD_RESETS_FUNCTION,
  MONEY_DESK_SCHEDULE_FUNCTION,
  RECONCILIATION_FUNCTION,
  PAYOUT_SWEEPER_FUNCTION,
  PAYOUT_SWEEPER_RATE_MINUTES,
  TIE_OUT_FUNCTION,
  TIE_OUT_RATE_DAYS,
  PAYOUTS_FUNCTION,
  PROVIDER_EVENTS_FUNCTION,
  REFERRAL_REWARDS_FUNCTION,
  RESERVED_ACCOUNTS_FUNCTION,
  SWEEPER_FUNCTION,
  SWEEPER_RATE_MINUTES,
  WEBHOOK_FUNCTION,
  type FunctionSpec,
} from './functions.js';
import { accessOf, authenticates, READ_ACTIONS, signsOrVerifiesTokens } from './access.js';
import { API_THROTTLING, apiAccessLog } from './api-access-log.js';
import { CLOUDFRONT_WAF_REGION, edgeWebAcl } from './edge-waf.js';
import { routeTableRestApi } from './api-rest.js';
import { deployTargetOf } from './deploy-target.js';

/** CDK's context key for the most resources a stack may have (0: no check). */
const STACK_RESOURCE_LIMIT_CONTEXT = '@aws-cdk/core:stackResourceLimit';
import { acknowledgeNagFindings } from './nag.js';
import { Observability, type ApiMetrics, type MonitoredQueue } from './observability.js';
import { HASHED_ASSET_CACHE_CONTROL, HASHED_ASSETS_DIR, REVALIDATE_CACHE_CONTROL, SERVICE_WORKER_FILE, WEB_MANIFEST_FILE } from './web-caching.js';
import { webResponseHeaders } from './web-headers.js';
import { s3WebsiteBucket } from './web-s3-website.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Default supplier wiring (no secrets): base URLs and each panel's own network ids. Override with context `suppliers`. */
export const DEFAULT_SUPPLIERS = [
  { name: 'ALARO', protocol: 'msorg', baseUrl: 'https://alaro.example.com', networkIds: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 6 } },
  { name: 'GLAD', protocol: 'msorg', baseUrl: 'https://gladtidingsdata.com', networkIds: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 6 } },
  // Electricity (and, when `networks` lists some, airtime/data after the MSORG panels). Keys: /vtu/suppliers/VTPASS/{api-key,public-key,secret-key}.
  { name: 'VTPASS', protocol: 'vtpass', baseUrl: 'https://vtpass.com', networks: [], electricity: true },
  // Recharge cards (e-PINs): a SubAndGain-family panel; its API key: /vtu/suppliers/EPINPANEL/token, the user name in context `suppliers`.
  { name: 'EPINPANEL', protocol: 'epin-panel', baseUrl: 'https://subandgain.com', username: 'CONFIGURE-ME' },
];

/** SSM path under which supplier tokens are stored as SecureString parameters (created by an operator, never in source). */
export const SUPPLIER_PARAM_PREFIX = '/vtu/suppliers/';

/**
 * Default payment-provider wiring (no secrets): production base URLs. Override with context
 * `providers` (same shape as PROVIDERS_CONFIG); the Monnify contract code and the identity app id
 * are account-specific and must be given there.
 */
export const DEFAULT_PROVIDERS = {
  squad: { baseUrl: 'https://api-d.squadco.com' },
  monnify: { baseUrl: 'https://api.monnify.com', contractCode: 'CONFIGURE-ME' },
  paystack: { baseUrl: 'https://api.paystack.co' },
  identity: { baseUrl: 'https://api.prembly.com/identitypass', appId: 'CONFIGURE-ME' },
};

/** SSM path under which provider secrets are stored as SecureString parameters (created by an operator, never in source). */
export const PROVIDER_PARAM_PREFIX = '/vtu/providers/';

/**
 * Stack setting (CDK context): fulfilment invocations at once, i.e. the fulfilment queue mapping's
 * maximum concurrency; set it to what the suppliers accept (README "Configuration"). Default CONCURRENCY.fulfilmentDefault.
 */
export const FULFILMENT_CONCURRENCY_CONTEXT = 'fulfilmentMaxConcurrency';
/** `-c keepRetiredIndexes=true`: also declare RETIRED_INDEXES (CloudFormation adds or deletes one index per update). */
export const KEEP_RETIRED_INDEXES_CONTEXT = 'keepRetiredIndexes';
/** `-c holdBackIndexes=<name>,…`: leave these indexes (new or retired) out of this deploy (CloudFormation adds or removes one index per update). */
export const HOLD_BACK_INDEXES_CONTEXT = 'holdBackIndexes';

/** The API in front of the HTTP functions, whichever kind the deploy target uses. */
interface PlatformApi {
  /** Base URL: callers append /api/v1/…. */
  readonly url: string;
  readonly accessLogs: LogGroup;
  readonly metrics: ApiMetrics;
}

export interface PlatformStackProps extends StackProps {
  /** A CloudFront-scope web ACL made in us-east-1 by another stack (infra/stack/app.ts); else context `webAclArn`, else one is made here. */
  readonly webAclArn?: string;
}

/** Stack settings (CDK context) of the edge: README "Deploy". */
export const EDGE_CONTEXT = {
  webAclArn: 'webAclArn',
  /** The web app's own domain (e.g. app.example.ng) and its ACM certificate's ARN, which must be in us-east-1. */
  domainName: 'domainName',
  certificateArn: 'certificateArn',
  /** The API's own domain (e.g. api.example.ng) and its regional ACM certificate: with them the execute-api endpoint is disabled. */
  apiDomainName: 'apiDomainName',
  apiCertificateArn: 'apiCertificateArn',
} as const;

export class PlatformStack extends Stack {
  /** Every function and queue the stack makes, for the alarms and the dashboard. */
  private readonly monitoredFunctions: NodejsFunction[] = [];
  private readonly monitoredQueues: MonitoredQueue[] = [];
  private readonly streamConsumers: NodejsFunction[] = [];
  /** The single table: every function's grants on it come from infra/stack/access.ts (grantTableAccess). */
  private dataTable!: Table;
  private eventFailures: Queue | undefined;

  private readonly webAclArn: string | undefined;

  constructor(scope: Construct, id: string, props?: PlatformStackProps) {
    super(scope, id, props);
    // LocalStack's CloudFormation emulation has no 500-resource quota, and the REST API's resource and method
    // per path (over 200) take its variant past it. The AWS stack keeps CDK's check, with headroom tested.
    if (deployTargetOf(this) === 'localstack') this.node.setContext(STACK_RESOURCE_LIMIT_CONTEXT, 0);
    this.webAclArn = props?.webAclArn;

    const table = this.table();
    this.dataTable = table;
    const bus = new EventBus(this, 'Bus', { eventBusName: `${id}-bus` });
    const jwtSecret = new Secret(this, 'JwtSecret', {
      description: 'Signing key of session tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });

    const fulfilmentQueue = this.queueWithDlq('Fulfilment', Duration.seconds(FULFILMENT_FUNCTION.timeoutSeconds * 6));
    const emailQueue = this.queueWithDlq('Email', Duration.seconds(MAILER_FUNCTION.timeoutSeconds * 6));
    // A receiver may be down for hours: its deliveries back off (WEBHOOK_RETRY_BACKOFF) over about 18 hours before the DLQ.
    const webhookQueue = this.queueWithDlq('Webhook', Duration.seconds(WEBHOOK_FUNCTION.timeoutSeconds * 6), WEBHOOK_MAX_ATTEMPTS);

    const appBaseUrl = (this.node.tryGetContext('appBaseUrl') as string | undefined) ?? '';
    const suppliers = (this.node.tryGetContext('suppliers') as unknown) ?? DEFAULT_SUPPLIERS;
    const baseEnvironment: Record<string, string> = {
      [ENV.tableName]: table.tableName,
      [ENV.eventBusName]: bus.eventBusName,
      [ENV.jwtSecretArn]: jwtSecret.secretArn,
      [ENV.appBaseUrl]: appBaseUrl,
      [ENV.mailFrom]: (this.node.tryGetContext('mailFrom') as string | undefined) ?? 'no-reply@example.com',
      POWERTOOLS_SERVICE_NAME: METRICS_SERVICE,
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      NODE_OPTIONS: '--enable-source-maps',
    };
    const supplierEnvironment: Record<string, string> = {
      [ENV.suppliersConfig]: JSON.stringify(suppliers),
      [ENV.supplierParamPrefix]: SUPPLIER_PARAM_PREFIX,
    };
    const supplierParamsRead = new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['ssm:GetParameter'],
      resources: [this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: `${SUPPLIER_PARAM_PREFIX.slice(1)}*` })],
    });

    // One function per service area; the API (below) has one route per row of the shared route table.
    const httpFunctions = {} as Record<HttpService, NodejsFunction>;
    for (const [service, spec] of Object.entries(HTTP_FUNCTIONS) as [HttpService, FunctionSpec][]) {
      // Purchases also validates meters at the electricity supplier: it needs the supplier wiring.
      const extra: Record<string, string> = service === 'purchases' ? supplierEnvironment : {};
      const fn = this.lambda(spec, { ...baseEnvironment, ...extra });
      // Only the functions that sign or verify session tokens read their key (not the docs, not the providers' receiver).
      if (signsOrVerifiesTokens(service)) jwtSecret.grantRead(fn);
      // Every edge that authenticates counts API-key requests (the rate limit), read-only services included.
      if (authenticates(service)) {
        fn.addToRolePolicy(this.prefixWrites(table, PARTITION_PREFIXES.apiKeyRate, ['dynamodb:UpdateItem']));
      }
      // A function serving operator actions appends their audit entries: new items only, never an update.
      if (ROUTES.some((route) => route.service === service && isOperatorAction(route))) {
        fn.addToRolePolicy(this.prefixWrites(table, PARTITION_PREFIXES.audit, ['dynamodb:PutItem']));
      }
      httpFunctions[service] = fn;
    }
    // LocalStack's community tier has no HTTP API (v2): there the same routes go to a REST API (v1).
    const deployTarget = deployTargetOf(this);
    // CloudFront sends this secret in ORIGIN_SECRET_HEADER; the functions refuse requests without it
    // (functions/middleware/origin-secret.ts), so the API's own endpoint answers nobody else.
    const originSecret =
      deployTarget === 'localstack'
        ? undefined
        : new Secret(this, 'OriginSecret', {
            description: 'Header value CloudFront adds to API requests',
            generateSecretString: { passwordLength: 48, excludePunctuation: true },
          });
    if (originSecret) {
      for (const fn of Object.values(httpFunctions)) {
        fn.addEnvironment(ENV.originSecretArn, originSecret.secretArn);
        originSecret.grantRead(fn);
      }
    }
    // Table grants: each function's row of infra/stack/access.ts, applied where the function is made (lambda()).
    bus.grantPutEventsTo(httpFunctions.accounts);
    httpFunctions.purchases.addToRolePolicy(supplierParamsRead);
    // VTpass's unsigned transaction-update push: the public receiver may only hand the purchase to
    // fulfilment, whose consumer re-queries VTpass before anything changes.
    httpFunctions.webhooks.addEnvironment(ENV.fulfilmentQueueUrl, fulfilmentQueue.queueUrl);
    fulfilmentQueue.grantSendMessages(httpFunctions.webhooks);
    // Money in and out: funding, the providers' webhooks, transfers, withdrawals, earnings, profile.
    const { payoutQueue } = this.moneyInAndOut(bus, httpFunctions, baseEnvironment);

    const api = deployTarget === 'localstack' ? this.restApi(httpFunctions) : this.httpApi(httpFunctions);

    // Fulfilment: the table's stream enqueues each new purchase, this consumer calls suppliers.
    const fulfilment = this.lambda(FULFILMENT_FUNCTION, { ...baseEnvironment, ...supplierEnvironment });
    fulfilment.addToRolePolicy(supplierParamsRead);
    // Capped at what the suppliers accept: the stack setting (context) `fulfilmentMaxConcurrency`.
    fulfilment.addEventSource(this.queueSource(fulfilmentQueue, FULFILMENT_FUNCTION, FULFILMENT_BATCH_SIZE, this.fulfilmentMaxConcurrency()));
    // Its float guard records balances and submissions (access.ts); it publishes nothing: the schedule alerts.

    // The money desk: supplier floats (a schedule reads the balances) and the reconciliation (a queue of pages).
    const reconciliationQueue = this.queueWithDlq('Reconciliation', Duration.seconds(RECONCILIATION_FUNCTION.timeoutSeconds * 6));
    const moneyDeskEnvironment = { ...supplierEnvironment, [ENV.reconciliationQueueUrl]: reconciliationQueue.queueUrl };
    const reconciliation = this.lambda(RECONCILIATION_FUNCTION, { ...baseEnvironment, ...moneyDeskEnvironment });
    reconciliation.addToRolePolicy(supplierParamsRead);
    reconciliationQueue.grantSendMessages(reconciliation);
    reconciliation.addEventSource(this.queueSource(reconciliationQueue, RECONCILIATION_FUNCTION, 1));
    const moneyDeskSchedule = this.lambda(MONEY_DESK_SCHEDULE_FUNCTION, { ...baseEnvironment, ...moneyDeskEnvironment });
    moneyDeskSchedule.addToRolePolicy(supplierParamsRead);
    reconciliationQueue.grantSendMessages(moneyDeskSchedule);
    bus.grantPutEventsTo(moneyDeskSchedule);
    new Rule(this, 'MoneyDeskScheduleRule', {
      description: "Reads the suppliers' balances; after Lagos midnight, asks for the day before's reconciliation",
      schedule: Schedule.rate(Duration.minutes(MONEY_DESK_SCHEDULE_MINUTES)),
      targets: [new targets.LambdaFunction(moneyDeskSchedule, { retryAttempts: 2, deadLetterQueue: this.eventDeliveryFailures() })],
    });
    const moneyDeskApi = httpFunctions['money-desk'];
    for (const [name, value] of Object.entries(moneyDeskEnvironment)) moneyDeskApi.addEnvironment(name, value);
    moneyDeskApi.addToRolePolicy(supplierParamsRead);
    reconciliationQueue.grantSendMessages(moneyDeskApi);
    bus.grantPutEventsTo(moneyDeskApi);

    // The outbox is the write itself: the table's stream hands each new purchase to fulfilment and
    // announces each settlement, once per change of the item, whichever function made it.
    this.transactionStream(table, bus, { fulfilment: fulfilmentQueue, payouts: payoutQueue }, baseEnvironment);
    // The platform's counters are summed from the same stream, off every user's write.
    this.transactionCounters(table, baseEnvironment);

    // Sweeper: re-enqueues purchases stranded by a crash and re-queries pending ones.
    const sweeper = this.lambda(SWEEPER_FUNCTION, {
      ...baseEnvironment,
      ...supplierEnvironment,
      [ENV.fulfilmentQueueUrl]: fulfilmentQueue.queueUrl,
    });
    bus.grantPutEventsTo(sweeper);
    fulfilmentQueue.grantSendMessages(sweeper);
    sweeper.addToRolePolicy(supplierParamsRead);
    new Rule(this, 'SweeperSchedule', {
      description: 'Heals stranded purchases and re-queries pending ones',
      schedule: Schedule.rate(Duration.minutes(SWEEPER_RATE_MINUTES)),
      targets: [new targets.LambdaFunction(sweeper, { retryAttempts: 2, deadLetterQueue: this.eventDeliveryFailures() })],
    });

    // E-mail: anything that wants a mail sent puts EmailRequested on the bus.
    const mailer = this.lambda(MAILER_FUNCTION, baseEnvironment);
    mailer.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['ses:SendEmail'], resources: ['*'] }));
    mailer.addEventSource(this.queueSource(emailQueue, MAILER_FUNCTION, 10));
    new Rule(this, 'EmailRequestedToMailer', {
      eventBus: bus,
      eventPattern: { source: [EVENT_SOURCE], detailType: [EVENT_TYPES.emailRequested] },
      targets: [new targets.SqsQueue(emailQueue, { deadLetterQueue: this.eventDeliveryFailures() })],
    });

    // Password reset requests: the accounts function only puts PasswordResetRequested on the bus (the same
    // answer in the same time for every address); this consumer throttles, looks up, writes the token and mails.
    const passwordResetQueue = this.queueWithDlq('PasswordReset', Duration.seconds(PASSWORD_RESETS_FUNCTION.timeoutSeconds * 6));
    const passwordResets = this.lambda(PASSWORD_RESETS_FUNCTION, baseEnvironment);
    bus.grantPutEventsTo(passwordResets);
    passwordResets.addEventSource(this.queueSource(passwordResetQueue, PASSWORD_RESETS_FUNCTION, 10));
    new Rule(this, 'PasswordResetRequestedToConsumer', {
      eventBus: bus,
      eventPattern: { source: [EVENT_SOURCE], detailType: [EVENT_TYPES.passwordResetRequested] },
      targets: [new targets.SqsQueue(passwordResetQueue, { deadLetterQueue: this.eventDeliveryFailures() })],
    });

    // Admins' mailings: the request queues one job; this consumer mails a page of users per message
    // (EmailRequested on the bus, one per user, named by mailing and user) and queues the next page.
    const mailingQueue = this.queueWithDlq('Mailing', Duration.seconds(MAILINGS_FUNCTION.timeoutSeconds * 6));
    const mailings = this.lambda(MAILINGS_FUNCTION, { ...baseEnvironment, [ENV.mailingQueueUrl]: mailingQueue.queueUrl });
    bus.grantPutEventsTo(mailings);
    mailingQueue.grantSendMessages(mailings);
    mailings.addEventSource(this.queueSource(mailingQueue, MAILINGS_FUNCTION, 10));
    httpFunctions.mailings.addEnvironment(ENV.mailingQueueUrl, mailingQueue.queueUrl);
    mailingQueue.grantSendMessages(httpFunctions.mailings);

    // Webhooks to API users when their transactions settle.
    const webhooks = this.lambda(WEBHOOK_FUNCTION, { ...baseEnvironment, [ENV.webhookRetryBackoff]: 'true' });
    webhooks.addEventSource(this.queueSource(webhookQueue, WEBHOOK_FUNCTION, 10));
    new Rule(this, 'TransactionSettledToWebhooks', {
      eventBus: bus,
      // Only for owners with a webhook URL: the outbox puts the owner's flag on every settled event
      // (copied on a purchase from its buyer, looked up for the others), so the rest never reach the queue.
      eventPattern: { source: [EVENT_SOURCE], detailType: [EVENT_TYPES.transactionSettled], detail: { ownerWebhook: [true] } },
      targets: [new targets.SqsQueue(webhookQueue, { deadLetterQueue: this.eventDeliveryFailures() })],
    });

    const webUrl = deployTarget === 'localstack' ? this.webWebsite() : this.webApp(api.url, originSecret!);

    new Observability(this, 'Operations', {
      functions: this.monitoredFunctions,
      queues: this.monitoredQueues,
      streamConsumers: this.streamConsumers,
      api: api.metrics,
      table,
      apiAccessLogs: api.accessLogs,
      suppliers: (suppliers as Array<{ name: string }>).map((supplier) => supplier.name),
      dashboard: deployTarget !== 'localstack',
    });
    acknowledgeNagFindings(this, { table, supplierParamPrefix: SUPPLIER_PARAM_PREFIX });

    new CfnOutput(this, 'ApiEndpoint', { value: api.url });
    new CfnOutput(this, 'WebUrl', { value: webUrl });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }

  /**
   * Money in and out. Queues (each with a DLQ and alarm): provider events (signed webhooks to
   * confirm and apply), payouts (withdrawals to pay out), referral rewards (UserUpgraded from the
   * bus). Least privilege: the public webhook receiver may only write WEBHOOK# items and enqueue;
   * each function reads only the provider secrets it uses.
   */
  private moneyInAndOut(bus: EventBus, http: Record<HttpService, NodejsFunction>, baseEnvironment: Record<string, string>): { payoutQueue: Queue } {
    const providerEventsQueue = this.queueWithDlq('ProviderEvents', Duration.seconds(PROVIDER_EVENTS_FUNCTION.timeoutSeconds * 6));
    const payoutQueue = this.queueWithDlq('Payouts', Duration.seconds(PAYOUTS_FUNCTION.timeoutSeconds * 6));
    const referralQueue = this.queueWithDlq('ReferralRewards', Duration.seconds(REFERRAL_REWARDS_FUNCTION.timeoutSeconds * 6));
    const providerEnvironment: Record<string, string> = {
      [ENV.providersConfig]: JSON.stringify((this.node.tryGetContext('providers') as unknown) ?? DEFAULT_PROVIDERS),
      [ENV.providerParamPrefix]: PROVIDER_PARAM_PREFIX,
    };
    const readSecrets = (fn: NodejsFunction, names: ProviderSecretName[]) =>
      fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ssm:GetParameter'],
          resources: names.map((name) =>
            this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: `${PROVIDER_PARAM_PREFIX.slice(1)}${PROVIDER_SECRET_PARAMETERS[name]}` }),
          ),
        }),
      );
    const addEnvironment = (fn: NodejsFunction, environment: Record<string, string>) => {
      for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value);
    };

    // Card links and reserved accounts.
    addEnvironment(http.funding, providerEnvironment);
    readSecrets(http.funding, ['squadSecretKey', 'monnifyApiKey', 'monnifySecretKey']);

    // The public receiver: signature check, one conditional write in its own partitions, one message.
    addEnvironment(http.webhooks, { ...providerEnvironment, [ENV.providerEventsQueueUrl]: providerEventsQueue.queueUrl });
    providerEventsQueue.grantSendMessages(http.webhooks);
    readSecrets(http.webhooks, ['squadSecretKey', 'monnifySecretKey', 'paystackSecretKey']);

    addEnvironment(http.withdrawals, providerEnvironment);
    readSecrets(http.withdrawals, ['paystackSecretKey']);

    addEnvironment(http.profile, providerEnvironment);
    bus.grantPutEventsTo(http.profile);
    readSecrets(http.profile, ['identityApiKey']);

    // Confirms each stored webhook with its provider, then credits or settles a payout.
    const providerEvents = this.lambda(PROVIDER_EVENTS_FUNCTION, { ...baseEnvironment, ...providerEnvironment });
    readSecrets(providerEvents, ['squadSecretKey', 'monnifyApiKey', 'monnifySecretKey', 'paystackSecretKey']);
    providerEvents.addEventSource(this.queueSource(providerEventsQueue, PROVIDER_EVENTS_FUNCTION, 10));

    // Pays withdrawals out.
    const payouts = this.lambda(PAYOUTS_FUNCTION, { ...baseEnvironment, ...providerEnvironment });
    readSecrets(payouts, ['paystackSecretKey']);
    payouts.addEventSource(this.queueSource(payoutQueue, PAYOUTS_FUNCTION, 5));

    // Heals withdrawals left open (never submitted, or a lost webhook) by re-querying the provider.
    const payoutSweeper = this.lambda(PAYOUT_SWEEPER_FUNCTION, { ...baseEnvironment, ...providerEnvironment });
    readSecrets(payoutSweeper, ['paystackSecretKey']);
    new Rule(this, 'PayoutSweeperSchedule', {
      description: 'Re-queries withdrawals left open',
      schedule: Schedule.rate(Duration.minutes(PAYOUT_SWEEPER_RATE_MINUTES)),
      targets: [new targets.LambdaFunction(payoutSweeper, { retryAttempts: 2, deadLetterQueue: this.eventDeliveryFailures() })],
    });

    // The books' daily tie-out: records its result; its difference metric alarms (observability.ts).
    const tieOut = this.lambda(TIE_OUT_FUNCTION, baseEnvironment);
    new Rule(this, 'TieOutSchedule', {
      description: 'Checks that the wallets and the house account tie out with money in less money out',
      schedule: Schedule.rate(Duration.days(TIE_OUT_RATE_DAYS)),
      targets: [new targets.LambdaFunction(tieOut, { retryAttempts: 2, deadLetterQueue: this.eventDeliveryFailures() })],
    });

    // Referral rewards: UserUpgraded on the bus → queue → consumer.
    const rewards = this.lambda(REFERRAL_REWARDS_FUNCTION, baseEnvironment);
    rewards.addEventSource(this.queueSource(referralQueue, REFERRAL_REWARDS_FUNCTION, 10));
    new Rule(this, 'UserUpgradedToReferralRewards', {
      eventBus: bus,
      eventPattern: { source: [EVENT_SOURCE], detailType: [EVENT_TYPES.userUpgraded] },
      targets: [new targets.SqsQueue(referralQueue, { deadLetterQueue: this.eventDeliveryFailures() })],
    });

    // Reserved accounts at sign-in and KYC (ReservedAccountsWanted from accounts and profile): the provider
    // call off the request. Reads the profile; writes only user items (the conditional save of the accounts).
    const reservedAccountsQueue = this.queueWithDlq('ReservedAccounts', Duration.seconds(RESERVED_ACCOUNTS_FUNCTION.timeoutSeconds * 6));
    const reservedAccounts = this.lambda(RESERVED_ACCOUNTS_FUNCTION, { ...baseEnvironment, ...providerEnvironment });
    readSecrets(reservedAccounts, ['monnifyApiKey', 'monnifySecretKey']);
    reservedAccounts.addEventSource(this.queueSource(reservedAccountsQueue, RESERVED_ACCOUNTS_FUNCTION, 10));
    new Rule(this, 'ReservedAccountsWantedToReservedAccounts', {
      eventBus: bus,
      eventPattern: { source: [EVENT_SOURCE], detailType: [EVENT_TYPES.reservedAccountsWanted] },
      targets: [new targets.SqsQueue(reservedAccountsQueue, { deadLetterQueue: this.eventDeliveryFailures() })],
    });
    return { payoutQueue };
  }

  private transactionStream(table: Table, bus: EventBus, queues: { fulfilment: Queue; payouts: Queue }, baseEnvironment: Record<string, string>): void {
    const consumer = this.lambda(TRANSACTION_STREAM_FUNCTION, {
      ...baseEnvironment,
      [ENV.fulfilmentQueueUrl]: queues.fulfilment.queueUrl,
      [ENV.payoutQueueUrl]: queues.payouts.queueUrl,
    });
    this.streamConsumers.push(consumer);
    queues.fulfilment.grantSendMessages(consumer);
    queues.payouts.grantSendMessages(consumer);
    bus.grantPutEventsTo(consumer);
    // A batch that keeps failing is described here after its retries (the records stay in the stream 24 h).
    const failures = new Queue(this, 'TransactionStreamFailures', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.monitoredQueues.push({ name: 'TransactionStream', queue: failures, deadLetterQueue: failures });
    consumer.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: 10,
        // Changes of one item stay in order across parallel batches (same partition key, same shard slot).
        parallelizationFactor: 4,
        onFailure: new SqsDlq(failures),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            // Records only: the platform counters the counter consumer writes under the same prefix are not its business.
            dynamodb: {
              Keys: {
                [TABLE_KEYS.partitionKey]: { S: FilterRule.beginsWith(PARTITION_PREFIXES.transaction) },
                [TABLE_KEYS.sortKey]: { S: FilterRule.isEqual('TXN') },
              },
            },
          }),
        ],
      }),
    );
  }

  private transactionCounters(table: Table, baseEnvironment: Record<string, string>): void {
    const consumer = this.lambda(TRANSACTION_COUNTERS_FUNCTION, baseEnvironment);
    this.streamConsumers.push(consumer);
    const failures = new Queue(this, 'TransactionCountersFailures', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.monitoredQueues.push({ name: 'TransactionCounters', queue: failures, deadLetterQueue: failures });
    consumer.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        // A batch costs one transaction per 99 counter items it touches, whatever its records: the more
        // records a batch sums, the fewer write units a purchase costs (records of 2–3 KB: about 1.5 MB, under Lambda's 6 MB).
        batchSize: PLATFORM_COUNTERS_BATCH_SIZE,
        // The once-only marks are keyed by a chunk's first record: a batch must come again from its
        // first record, alone on its shard. So no bisection, no partial responses, one batch per shard at a time.
        bisectBatchOnError: false,
        reportBatchItemFailures: false,
        parallelizationFactor: 1,
        // Fuller batches when traffic is light: a batch writes each counter item it touches once, whatever
        // the number of records it sums (the figures may lag by this much; the dashboard says so).
        maxBatchingWindow: Duration.seconds(PLATFORM_COUNTERS_BATCHING_WINDOW_SECONDS),
        retryAttempts: 10,
        onFailure: new SqsDlq(failures),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: {
              Keys: {
                [TABLE_KEYS.partitionKey]: { S: FilterRule.beginsWith(PARTITION_PREFIXES.transaction) },
                // Records only, not the counters this function writes under the same prefix.
                [TABLE_KEYS.sortKey]: { S: FilterRule.isEqual('TXN') },
              },
            },
          }),
        ],
      }),
    );
  }

  private table(): Table {
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      // The outbox: every change of a transaction, with its before and after, for the stream consumer.
      stream: StreamViewType[TABLE_KEYS.streamViewType],
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // A stack deployed before an index was replaced keeps the old one for one deploy (README, "Deploy to AWS").
    type IndexShape = {
      indexName?: string;
      partitionKey: string;
      sortKey: string;
      projection: keyof typeof ProjectionType;
      nonKeyAttributes?: readonly string[];
    };
    const retired: Record<string, IndexShape> = this.node.tryGetContext(KEEP_RETIRED_INDEXES_CONTEXT) === 'true' ? RETIRED_INDEXES : {};
    // CloudFormation adds one index per update: an upgrade adding two holds one back for a deploy (docs/deploying.md).
    const heldBack = String(this.node.tryGetContext(HOLD_BACK_INDEXES_CONTEXT) ?? '')
      .split(',')
      .filter(Boolean);
    const declared = ([...Object.entries(TABLE_KEYS.indexes), ...Object.entries(retired)] as Array<[string, IndexShape]>).map(
      ([name, index]): [string, IndexShape] => [index.indexName ?? name, index],
    );
    for (const [indexName, index] of declared.filter(([name]) => !heldBack.includes(name))) {
      table.addGlobalSecondaryIndex({
        indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType[index.projection],
        ...(index.nonKeyAttributes ? { nonKeyAttributes: [...index.nonKeyAttributes] } : {}),
      });
    }
    return table;
  }

  /**
   * The function's row of the access map (infra/stack/access.ts): reads on the table and its indexes (never
   * the credential partition, unless it checks passwords), and writes by partition and attribute.
   */
  private grantTableAccess(fn: NodejsFunction, functionName: string): void {
    const table = this.dataTable;
    const access = accessOf(functionName);
    if (access.reads) {
      fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: [...READ_ACTIONS],
          resources: [table.tableArn, `${table.tableArn}/index/*`],
          // The password hashes live alone in CREDENTIAL#… partitions (no index key): only their checkers read them.
          conditions: access.credentials ? undefined : { 'ForAllValues:StringNotLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.credential}*`] } },
        }),
      );
    }
    for (const write of access.writes) {
      const leadingKeys = [...(write.prefixes ?? []).map((prefix) => `${prefix}*`), ...(write.partitions ?? [])];
      const conditions: Record<string, Record<string, string[]>> = {
        [write.prefixes?.length ? 'ForAllValues:StringLike' : 'ForAllValues:StringEquals']: { 'dynamodb:LeadingKeys': leadingKeys },
      };
      if (write.prefixes?.length && write.partitions?.length) throw new Error(`${functionName}: one write grant holds either prefixes or whole partitions`);
      if (write.attributes) {
        // A name ending in `*` is a pattern (StringLike); exact names match themselves under it too.
        const operator = write.attributes.some((name) => name.endsWith('*')) ? 'ForAllValues:StringLike' : 'ForAllValues:StringEquals';
        conditions[operator] = { ...conditions[operator], 'dynamodb:Attributes': [...write.attributes] };
      }
      fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: [...write.actions], resources: [table.tableArn], conditions }));
    }
  }

  /** Writes (the given actions) only to items whose partition key starts with `prefix`. */
  private prefixWrites(table: Table, prefix: string, actions: string[]): PolicyStatement {
    return new PolicyStatement({
      effect: Effect.ALLOW,
      actions,
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${prefix}*`] } },
    });
  }

  /** The CloudFront-scope web ACL: given (prop or context), or made here, which CloudFront accepts only in us-east-1 (infra/stack/edge-waf.ts). */
  private edgeWebAclArn(): string {
    const given = this.webAclArn ?? (this.node.tryGetContext(EDGE_CONTEXT.webAclArn) as string | undefined);
    if (given) return given;
    if (!Token.isUnresolved(this.region) && this.region !== CLOUDFRONT_WAF_REGION) {
      throw new Error(
        `a CloudFront web ACL must be made in ${CLOUDFRONT_WAF_REGION}: deploy with infra/stack/app.ts (it adds EdgeWafStack there) or give context ${EDGE_CONTEXT.webAclArn}`,
      );
    }
    return edgeWebAcl(this, 'EdgeWebAcl').attrArn;
  }

  /** The fulfilment cap from the context, checked: a whole number SQS accepts as a maximum concurrency. */
  private fulfilmentMaxConcurrency(): number {
    const raw = this.node.tryGetContext(FULFILMENT_CONCURRENCY_CONTEXT) as unknown;
    if (raw === undefined) return CONCURRENCY.fulfilmentDefault;
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < CONCURRENCY.sqsMinimum || value > CONCURRENCY.sqsMaximum) {
      throw new Error(
        `${FULFILMENT_CONCURRENCY_CONTEXT} must be a whole number from ${CONCURRENCY.sqsMinimum} to ${CONCURRENCY.sqsMaximum}, got ${JSON.stringify(raw)}`,
      );
    }
    return value;
  }

  /** A queue's event source for the function of `spec`, limited to the spec's concurrency (or `maxConcurrency`). */
  private queueSource(queue: Queue, spec: FunctionSpec, batchSize: number, maxConcurrency?: number): SqsEventSource {
    const limit = maxConcurrency ?? (spec.concurrency && 'queue' in spec.concurrency ? spec.concurrency.queue : undefined);
    if (limit === undefined) throw new Error(`${spec.name} consumes a queue but its spec sets no queue concurrency`);
    return new SqsEventSource(queue, { batchSize, reportBatchItemFailures: true, maxConcurrency: limit });
  }

  /**
   * Where EventBridge puts an event it could not deliver to a rule's target (the target queue or the
   * scheduled function refused it after its retries): one queue for every rule, alarmed on its first message.
   */
  private eventDeliveryFailures(): Queue {
    this.eventFailures ??= (() => {
      const queue = new Queue(this, 'EventDeliveryFailures', { retentionPeriod: Duration.days(14), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true });
      this.monitoredQueues.push({ name: 'EventDelivery', queue, deadLetterQueue: queue });
      return queue;
    })();
    return this.eventFailures;
  }

  /** A queue with its dead-letter queue (the Observability construct alarms as soon as anything lands there). */
  private queueWithDlq(name: string, visibilityTimeout: Duration, maxReceiveCount = 5): Queue {
    const deadLetterQueue = new Queue(this, `${name}DeadLetterQueue`, {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const queue = new Queue(this, `${name}Queue`, {
      visibilityTimeout,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount },
    });
    this.monitoredQueues.push({ name, queue, deadLetterQueue });
    return queue;
  }

  private lambda(spec: FunctionSpec, environment: Record<string, string>): NodejsFunction {
    const fn = new NodejsFunction(this, spec.name, {
      entry: join(repoRoot, spec.entry),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: spec.memoryMb,
      timeout: Duration.seconds(spec.timeoutSeconds),
      // Stream and scheduled consumers (the sweepers: 1, never twice at once); queue consumers are limited on their mapping.
      reservedConcurrentExecutions: spec.concurrency && 'reserved' in spec.concurrency ? spec.concurrency.reserved : undefined,
      // X-Ray traces every invocation end to end (API Gateway → function → SDK calls), no code needed.
      tracing: Tracing.ACTIVE,
      logGroup: new LogGroup(this, `${spec.name}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
      environment,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      projectRoot: repoRoot,
      bundling: {
        format: OutputFormat.ESM,
        sourceMap: true,
        target: LAMBDA_BUNDLING.target,
        minify: LAMBDA_BUNDLING.minify,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        banner: LAMBDA_BUNDLING.banner,
        externalModules: [...LAMBDA_BUNDLING.externalModules],
        define: { ...LAMBDA_BUNDLING.define },
        esbuildArgs: Object.fromEntries(Object.entries(LAMBDA_BUNDLING.alias).map(([from, to]) => [`--alias:${from}`, to])),
      },
    });
    this.grantTableAccess(fn, spec.name);
    const cfn = fn.node.defaultChild as CfnFunction;
    cfn.addMetadata(LOCAL_METADATA.entry, spec.entry);
    cfn.addMetadata(LOCAL_METADATA.handler, 'handler');
    this.monitoredFunctions.push(fn);
    return fn;
  }

  /** The HTTP API (v2): one route per row of the shared route table, one integration per service function. */
  private httpApi(httpFunctions: Record<HttpService, NodejsFunction>): PlatformApi {
    // With the API's own domain (context apiDomainName + apiCertificateArn) the default execute-api
    // endpoint is disabled and CloudFront reaches the API by that domain; without one, CloudFront needs
    // the execute-api host, and the origin secret is what turns every other caller away.
    const apiDomainName = this.node.tryGetContext(EDGE_CONTEXT.apiDomainName) as string | undefined;
    const apiCertificateArn = this.node.tryGetContext(EDGE_CONTEXT.apiCertificateArn) as string | undefined;
    if (Boolean(apiDomainName) !== Boolean(apiCertificateArn))
      throw new Error(`${EDGE_CONTEXT.apiDomainName} and ${EDGE_CONTEXT.apiCertificateArn} go together (a regional certificate)`);
    const api = new HttpApi(this, 'HttpApi', {
      description: 'VTU platform API',
      createDefaultStage: true,
      disableExecuteApiEndpoint: Boolean(apiDomainName),
      ...(apiDomainName && apiCertificateArn
        ? {
            defaultDomainMapping: {
              domainName: new DomainName(this, 'ApiDomain', {
                domainName: apiDomainName,
                certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', apiCertificateArn),
                securityPolicy: SecurityPolicy.TLS_1_2,
              }),
            },
          }
        : {}),
    });
    (api.defaultStage!.node.defaultChild as CfnStage).defaultRouteSettings = {
      throttlingRateLimit: API_THROTTLING.rateLimit,
      throttlingBurstLimit: API_THROTTLING.burstLimit,
    };
    const accessLogs = apiAccessLog(this, api);
    const integrations = new Map<HttpService, HttpLambdaIntegration>();
    for (const route of ROUTES) {
      let integration = integrations.get(route.service);
      if (!integration) {
        // One invoke permission per function for the API, not one per route: a function serves only the routes the
        // table gives it, and a permission per route (over 100) took the stack past CloudFormation's 500 resources.
        integration = new HttpLambdaIntegration(`${HTTP_FUNCTIONS[route.service].name}Integration`, httpFunctions[route.service], {
          scopePermissionToRoute: false,
        });
        integrations.set(route.service, integration);
      }
      api.addRoutes({ path: `${API_BASE_PATH}${route.path}`, methods: [route.method as HttpMethod], integration });
    }
    return { url: apiDomainName ? `https://${apiDomainName}` : api.apiEndpoint, accessLogs, metrics: api };
  }

  /** The REST API (v1) of the LocalStack variant, from the same route table and functions. */
  private restApi(httpFunctions: Record<HttpService, NodejsFunction>): PlatformApi {
    const { api, accessLogs } = routeTableRestApi(this, httpFunctions);
    return { url: api.url, accessLogs, metrics: api };
  }

  /** The LocalStack variant's web app: an S3 website; its URL, and the bucket to upload the build to. */
  private webWebsite(): string {
    const bucket = s3WebsiteBucket(this);
    new CfnOutput(this, 'WebBucketName', { value: bucket.bucketName });
    return bucket.bucketWebsiteUrl;
  }

  /** S3 (private, via origin access control) + CloudFront: SPA fallback for deep links, /api/* to the HTTP API; returns the app's URL. */
  private webApp(apiEndpoint: string, originSecret: Secret): string {
    const bucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    // Every path is an app route (e.g. /profile/buyAirtime, or /register/ada.lovelace: user names may hold dots) and gets
    // index.html, except the build's hashed assets, the files Vite copies from web/public to the root of the build, and
    // the installable app's service worker and manifest (web/pwa.ts), which must be served as themselves.
    // A function rather than distribution-wide error responses, so API 404s stay API 404s (/api/* has no function).
    const rootFiles = ['/index.html', `/${SERVICE_WORKER_FILE}`, `/${WEB_MANIFEST_FILE}`, ...publicFiles(join(repoRoot, 'web', 'public'))];
    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        `var FILES=${JSON.stringify(rootFiles)};` +
          "function handler(event){var r=event.request;if(r.uri.indexOf('/assets/')!==0&&FILES.indexOf(r.uri)===-1){r.uri='/index.html';}return r;}",
      ),
    });
    const apiDomain = (this.node.tryGetContext(EDGE_CONTEXT.apiDomainName) as string | undefined) ?? Fn.select(2, Fn.split('/', apiEndpoint));
    const responseHeadersPolicy = webResponseHeaders(this);
    const domainName = this.node.tryGetContext(EDGE_CONTEXT.domainName) as string | undefined;
    const certificateArn = this.node.tryGetContext(EDGE_CONTEXT.certificateArn) as string | undefined;
    if (Boolean(domainName) !== Boolean(certificateArn))
      throw new Error(`${EDGE_CONTEXT.domainName} and ${EDGE_CONTEXT.certificateArn} go together (the certificate in us-east-1)`);
    const distribution = new cloudfront.Distribution(this, 'WebDistribution', {
      defaultRootObject: 'index.html',
      webAclId: this.edgeWebAclArn(),
      ...(domainName && certificateArn
        ? {
            domainNames: [domainName],
            certificate: Certificate.fromCertificateArn(this, 'WebCertificate', certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // Brotli or gzip by the viewer's Accept-Encoding (CACHING_OPTIMIZED keys on both). The
        // browser's caching comes from each object's Cache-Control, set by the deployments below.
        compress: true,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        responseHeadersPolicy,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            // Resolved by CloudFormation from Secrets Manager at deploy time; never in the source or the template.
            customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host (API Gateway routes on its own host name), and CloudFront's own
          // viewer headers, CloudFront-Viewer-Address among them: the client's address for the login throttle,
          // set by CloudFront from the socket. The API trusts it only on requests carrying the origin secret.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy,
        },
      },
    });
    const webDist = join(repoRoot, 'web', 'dist');
    if (existsSync(join(webDist, 'index.html'))) {
      // Two uploads for two cache lifetimes (infra/stack/web-caching.ts): the content-hashed assets first,
      // cached for a year, then the files naming them (index.html …), revalidated on every visit and
      // the only ones that need an invalidation. A filter also keeps each upload's prune off the other's files.
      const hashedAssets = `${HASHED_ASSETS_DIR}/*`;
      const assets = new BucketDeployment(this, 'WebAssetsDeployment', {
        sources: [Source.asset(webDist)],
        destinationBucket: bucket,
        exclude: ['*'],
        include: [hashedAssets],
        cacheControl: [CacheControl.fromString(HASHED_ASSET_CACHE_CONTROL)],
      });
      const entryFiles = new BucketDeployment(this, 'WebDeployment', {
        sources: [Source.asset(webDist)],
        destinationBucket: bucket,
        exclude: [hashedAssets],
        cacheControl: [CacheControl.fromString(REVALIDATE_CACHE_CONTROL)],
        distribution,
        distributionPaths: ['/*'],
      });
      entryFiles.node.addDependency(assets);
    } else {
      Annotations.of(this).addWarningV2('vtu:web-not-built', 'web/dist is missing: run `npm run build:web` before deploying the web app');
    }
    return `https://${distribution.distributionDomainName}`;
  }
}

/** The URL paths of the files under `dir` (web/public: Vite copies them as they are to the root of the build). */
function publicFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .sort();
}
