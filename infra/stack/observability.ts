/**
 * Alarms and the operations dashboard. Every alarm notifies one SNS topic; an operator's e-mail is
 * subscribed when the CDK context gives `alarmEmail`. The custom metrics (purchases, supplier
 * calls, payouts, webhooks, stuck purchases) are read under the names and the first (coarse)
 * dimension set that shared/metrics.ts declares, which is also where the functions take them from
 * when they emit them (EMF).
 *
 * The local cloud ignores everything here: it runs only the resource types it knows.
 */
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  LogQueryWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
  type MetricOptions,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC_DIMENSIONS, METRIC_NAMES, METRICS_NAMESPACE, METRICS_SERVICE, PURCHASE_OPEN_TOO_LONG_MINUTES } from '../../shared/metrics.js';

/** A work queue and the dead-letter queue its failed messages end in. */
export interface MonitoredQueue {
  readonly name: string;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
}

/** What the alarms read from the API: the HTTP API (v2) and the REST API (v1) both offer it. */
export interface ApiMetrics {
  metricServerError(props?: MetricOptions): IMetric;
}

export interface ObservabilityProps {
  readonly functions: IFunction[];
  readonly queues: MonitoredQueue[];
  /** Stream consumers (the transaction outbox): an alarm when they fall behind the table's writes. */
  readonly streamConsumers?: IFunction[];
  readonly api: ApiMetrics;
  /** The single table: an alarm on any throttled request (reads or writes refused for capacity). */
  readonly table?: Table;
  /** The API's access log (JSON lines with routeKey and responseLatency): per-route p99 is queried from it. */
  readonly apiAccessLogs: ILogGroup;
  /** Supplier names (SUPPLIERS_CONFIG): one failure-rate alarm and one refund-rate line each. */
  readonly suppliers: string[];
  /** False where CloudFormation cannot make one (LocalStack community has no AWS::CloudWatch::Dashboard); the alarms stay. Default true. */
  readonly dashboard?: boolean;
}

/** A queue whose oldest message waits longer than this alarms: its consumer is down, failing or too slow. */
export const QUEUE_AGE_ALARM_SECONDS = 15 * 60;

/** The outbox this far behind the writes (purchases waiting to reach fulfilment, settlements to be announced) alarms. */
export const STREAM_ITERATOR_AGE_ALARM_MS = 60_000;

/** A supplier failing more than this share of its calls (over 2 × 5 minutes, with at least MIN_SUPPLIER_CALLS calls) alarms. */
export const SUPPLIER_FAILURE_RATE_PERCENT = 20;
const MIN_SUPPLIER_CALLS = 5;
const FIVE_MINUTES = Duration.minutes(5);

export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard | undefined;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'VTU platform alarms', enforceSSL: true });
    const alarmEmail = this.node.tryGetContext('alarmEmail') as string | undefined;
    if (alarmEmail) this.topic.addSubscription(new EmailSubscription(alarmEmail));
    this.action = new SnsAction(this.topic);

    for (const { name, queue, deadLetterQueue } of props.queues) {
      this.alarm(
        `${name}DeadLetterAlarm`,
        `Messages in the ${name} dead-letter queue need an operator`,
        deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
      );
      // A working queue (not a stream's failure queue, which is its own dead-letter queue): work waiting too long.
      if (queue !== deadLetterQueue) {
        this.alarm(
          `${name}QueueAgeAlarm`,
          `The oldest message in the ${name} queue has waited more than ${QUEUE_AGE_ALARM_SECONDS / 60} minutes`,
          queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum' }),
          {
            threshold: QUEUE_AGE_ALARM_SECONDS,
            evaluationPeriods: 3,
          },
        );
      }
    }
    if (props.table) {
      // On-demand tables throttle too (a hot partition, a sudden burst past twice the previous peak).
      this.alarm(
        'TableThrottlesAlarm',
        'DynamoDB throttled requests on the table (a hot partition or a burst past on-demand headroom)',
        new MathExpression({
          label: 'throttled requests',
          expression: 'rt + wt',
          usingMetrics: {
            rt: props.table.metric('ReadThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES }),
            wt: props.table.metric('WriteThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES }),
          },
          period: FIVE_MINUTES,
        }),
      );
    }
    for (const fn of props.functions) {
      const name = fn.node.id;
      this.alarm(`${name}ErrorsAlarm`, `${name} failed (unhandled error or timeout)`, fn.metricErrors({ period: FIVE_MINUTES }));
    }
    // Throttling is the account's concurrency running out, which every function shares: one alarm on the
    // region's throttles, not one per function (33 alarms a stack near CloudFormation's 500 resources cannot
    // spare). The dashboard still shows each function's throttles.
    this.alarm('LambdaThrottlesAlarm', 'a function was throttled (account concurrency exhausted)', LambdaFunction.metricAllThrottles({ period: FIVE_MINUTES }));
    for (const fn of props.streamConsumers ?? []) {
      const name = fn.node.id;
      this.alarm(
        `${name}IteratorAgeAlarm`,
        `${name} is more than a minute behind the table's writes (purchases wait for fulfilment, settlements for their events)`,
        fn.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(1) }),
        {
          threshold: STREAM_ITERATOR_AGE_ALARM_MS,
          evaluationPeriods: 3,
        },
      );
    }
    // The route fuzz holds every route to "no 5xx": any one in production is a bug or an outage.
    this.alarm('Api5xxAlarm', 'The HTTP API answered 5xx', props.api.metricServerError({ period: FIVE_MINUTES }));
    for (const supplier of props.suppliers) {
      this.alarm(
        `${supplier}FailureRateAlarm`,
        `${supplier} failed more than ${SUPPLIER_FAILURE_RATE_PERCENT}% of purchase calls`,
        this.supplierFailureRate(supplier),
        {
          threshold: SUPPLIER_FAILURE_RATE_PERCENT,
          evaluationPeriods: 2,
        },
      );
    }
    this.alarm('PayoutsFailingAlarm', 'Payouts are failing at the provider (the users were refunded)', custom(METRIC_NAMES.payoutFailed, 'Sum'));
    this.alarm(
      'PurchasesStuckOpenAlarm',
      `Purchases open longer than ${PURCHASE_OPEN_TOO_LONG_MINUTES} minutes`,
      custom(METRIC_NAMES.purchasesOpenTooLong, 'Maximum'),
      {
        evaluationPeriods: 2,
      },
    );

    // A supplier float that crossed into low: purchases it cannot cover go elsewhere, but the admins must top it up.
    this.alarm(
      'SupplierFloatLowAlarm',
      "A supplier's float fell under the admin's threshold (balance or hours left)",
      custom(METRIC_NAMES.supplierFloatLow, 'Sum'),
    );

    // Like a purchase stuck open: a balance that moved without its record is an incident, whatever its size.
    this.alarm(
      'TieOutBrokenAlarm',
      'The books do not tie out: Σ wallets + the house account differs from money in − money out',
      custom(METRIC_NAMES.tieOutDifference, 'Maximum', undefined, Duration.days(1)),
    );

    this.dashboard = props.dashboard === false ? undefined : this.operationsDashboard(props);
  }

  /** Fires when the metric goes above `threshold` (default: anything at all), notifying the topic. */
  private alarm(id: string, description: string, metric: IMetric, options: { threshold?: number; evaluationPeriods?: number } = {}): Alarm {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold: options.threshold ?? 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      // No data means nothing happened (no traffic, no messages): not an incident.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }

  /** Percent of a supplier's calls that failed; 0 below MIN_SUPPLIER_CALLS so one failed call at night is no incident. */
  private supplierFailureRate(supplier: string): MathExpression {
    return new MathExpression({
      label: `${supplier} failure %`,
      // FILL: a period with calls but no failure publishes no SupplierCallFailed point; it is 0%, not missing.
      expression: `IF(calls >= ${MIN_SUPPLIER_CALLS}, 100 * FILL(failed, 0) / calls, 0)`,
      usingMetrics: { calls: custom(METRIC_NAMES.supplierCall, 'Sum', supplier), failed: custom(METRIC_NAMES.supplierCallFailed, 'Sum', supplier) },
      period: FIVE_MINUTES,
    });
  }

  private operationsDashboard(props: ObservabilityProps): Dashboard {
    const dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    const perFunction = (title: string, metric: (fn: IFunction) => IMetric) => new GraphWidget({ title, width: 12, left: props.functions.map(metric) });
    dashboard.addWidgets(
      new TextWidget({ markdown: `# VTU platform\nCustom metrics: namespace \`${METRICS_NAMESPACE}\` (shared/metrics.ts).`, width: 24, height: 2 }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Purchases per minute', width: 12, left: [custom(METRIC_NAMES.purchaseAccepted, 'Sum', undefined, Duration.minutes(1))] }),
      new GraphWidget({
        title: 'Refund rate per supplier (%)',
        width: 12,
        // Metric ids must be unique across one graph: numbered per supplier.
        left: props.suppliers.map(
          (supplier, i) =>
            new MathExpression({
              label: supplier,
              expression: `100 * FILL(refunded${i}, 0) / (FILL(delivered${i}, 0) + FILL(refunded${i}, 0))`,
              usingMetrics: {
                [`refunded${i}`]: custom(METRIC_NAMES.purchaseRefunded, 'Sum', supplier),
                [`delivered${i}`]: custom(METRIC_NAMES.purchaseDelivered, 'Sum', supplier),
              },
              period: FIVE_MINUTES,
            }),
        ),
      }),
    );
    dashboard.addWidgets(
      // From the access log rather than detailed route metrics: those bill every route × metric as a custom metric.
      new LogQueryWidget({
        title: 'Request p99 per route (ms)',
        width: 12,
        logGroupNames: [props.apiAccessLogs.logGroupName],
        queryLines: [
          'fields routeKey, responseLatency',
          'stats pct(responseLatency, 99) as p99, count(*) as requests by routeKey',
          'sort p99 desc',
          'limit 60',
        ],
      }),
      new GraphWidget({
        title: `Purchases open longer than ${PURCHASE_OPEN_TOO_LONG_MINUTES} minutes`,
        width: 12,
        left: [custom(METRIC_NAMES.purchasesOpenTooLong, 'Maximum')],
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Queue depths',
        width: 12,
        left: props.queues.map(({ name, queue }) => queue.metricApproximateNumberOfMessagesVisible({ label: name, period: Duration.minutes(1) })),
      }),
      new GraphWidget({
        title: 'Dead-letter queue depths',
        width: 12,
        left: props.queues.map(({ name, deadLetterQueue }) =>
          deadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: name, period: Duration.minutes(1) }),
        ),
      }),
    );
    dashboard.addWidgets(
      perFunction('Lambda errors', (fn) => fn.metricErrors({ label: fn.node.id, period: FIVE_MINUTES })),
      perFunction('Lambda throttles', (fn) => fn.metricThrottles({ label: fn.node.id, period: FIVE_MINUTES })),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Supplier call latency p99 (ms)',
        width: 8,
        left: props.suppliers.map((supplier) => custom(METRIC_NAMES.supplierCallLatency, 'p99', supplier).with({ label: supplier })),
      }),
      new GraphWidget({
        title: 'Payouts',
        width: 8,
        left: [custom(METRIC_NAMES.payoutSucceeded, 'Sum').with({ label: 'succeeded' }), custom(METRIC_NAMES.payoutFailed, 'Sum').with({ label: 'failed' })],
      }),
      new GraphWidget({
        title: 'Webhooks: from providers, and to API users by status',
        width: 8,
        left: [
          custom(METRIC_NAMES.providerWebhookAccepted, 'Sum').with({ label: 'provider: accepted' }),
          custom(METRIC_NAMES.providerWebhookRejected, 'Sum').with({ label: 'provider: rejected' }),
          // The statuses are the delivery consumer's words: searched, not listed here.
          new MathExpression({
            label: 'to API users',
            expression: `SEARCH('{${METRICS_NAMESPACE},${METRIC_DIMENSIONS.service},${METRIC_DIMENSIONS.status}} MetricName="${METRIC_NAMES.webhookDelivery}"', 'Sum', 300)`,
            usingMetrics: {},
            period: FIVE_MINUTES,
          }),
        ],
      }),
    );
    return dashboard;
  }
}

/** A custom metric as the functions publish it: service dimension, plus Supplier for per-supplier ones. */
function custom(metricName: string, statistic: string, supplier?: string, period: Duration = FIVE_MINUTES): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    statistic,
    period,
    dimensionsMap: {
      [METRIC_DIMENSIONS.service]: METRICS_SERVICE,
      ...(supplier ? { [METRIC_DIMENSIONS.supplier]: supplier } : {}),
    },
  });
}
