/**
 * cdk-nag (AwsSolutions pack) findings this stack accepts, each with the reason it is accepted.
 * Everything else the pack finds is fixed in the stack; the template tests (tests/infra/nag.test.ts)
 * run the pack and require zero findings left unacknowledged.
 *
 * Acknowledgements sit on the narrowest construct that explains them, so a new resource elsewhere
 * in the stack is checked afresh.
 */
import { Validations, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Method } from 'aws-cdk-lib/aws-apigateway';
import { HttpRoute, type CfnRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IConstruct } from 'constructs';
import { ROUTES, routeKey, type RouteDef } from '../../shared/routes.js';
import { MAILER_FUNCTION } from './functions.js';

export interface NagSubjects {
  readonly table: Table;
  /** SSM path of the supplier tokens (`/vtu/suppliers/`). */
  readonly supplierParamPrefix: string;
}

const acknowledge = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

export function acknowledgeNagFindings(stack: Stack, { table, supplierParamPrefix }: NagSubjects): void {
  // Stack-wide: true of every function, including the ones CDK adds for the web deployment.
  acknowledge(
    stack,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "The AWS managed basic execution role allows logs:CreateLogGroup, logs:CreateLogStream and logs:PutLogEvents on every log group of the account (Resource *), not only the function's own. Accepted: log writes neither read data nor move money, our functions log to their own explicit groups (30-day retention), and every other grant is listed and reviewed in tests/infra/expected-grants.ts.",
  );
  acknowledge(
    stack,
    'AwsSolutions-L1',
    'Runtimes are pinned: our bundles target node22 (LAMBDA_BUNDLING) and the tests and the local cloud run them on Node 22; a runtime upgrade is a deliberate change, not drift.',
  );
  acknowledge(
    stack,
    `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(table.node.defaultChild as CfnElement)}.Arn>/index/*]`,
    "Reads of the table's own secondary indexes (GetItem, BatchGetItem, Query, ConditionCheckItem; never Scan): the wildcard ranges over the index names of this one table. Writes are granted on the table ARN only, every one conditioned on dynamodb:LeadingKeys (infra/stack/access.ts; tests/infra/access.test.ts fails on an unconditioned write).",
  );
  acknowledge(
    stack,
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ssm:<AWS::Region>:<AWS::AccountId>:parameter${supplierParamPrefix}*]`,
    'Supplier tokens are one SecureString per configured supplier (context `suppliers` may add suppliers without a code change), all under this prefix; the grant is ssm:GetParameter only.',
  );

  for (const failures of ['TransactionStreamFailures', 'TransactionCountersFailures']) {
    for (const id of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy']) {
      acknowledge(
        stack.node.findChild(failures),
        id,
        "It is itself the last stop: a stream mapping's on-failure destination, describing a batch that failed every retry (its records stay in the stream 24 h); an alarm fires on its first message.",
      );
    }
  }
  const eventFailures = stack.node.tryFindChild('EventDeliveryFailures');
  if (eventFailures) {
    for (const id of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy']) {
      acknowledge(
        eventFailures,
        id,
        "It is itself the last stop: EventBridge's dead-letter queue for events no rule target accepted after its retries; an alarm fires on its first message.",
      );
    }
  }
  // Dead-letter queues have no dead-letter queue of their own: an alarm fires on their first message.
  for (const dlq of stack.node.children.filter((c) => c.node.id.endsWith('DeadLetterQueue'))) {
    acknowledge(
      dlq,
      'Serverless-SQSRedrivePolicy',
      'A dead-letter queue is the last stop of its work queue: messages stay 14 days and an alarm fires on the first one, for an operator to redrive.',
    );
  }
  acknowledge(
    stack,
    'Serverless-LambdaLatestVersion',
    'Runtimes are pinned: our bundles target node22 (LAMBDA_BUNDLING) and the tests and the local cloud run them on Node 22; a runtime upgrade is a deliberate change, not drift.',
  );
  const originSecret = stack.node.tryFindChild('OriginSecret');
  if (originSecret) {
    acknowledge(
      originSecret,
      'AwsSolutions-SMG4',
      "CloudFront's origin header takes the value at deploy time: a rotation outside a deployment would make the API refuse every request until the next one. Rotate it by redeploying (a new value is generated when the secret is replaced).",
    );
  }
  acknowledge(
    stack.node.findChild('JwtSecret'),
    'AwsSolutions-SMG4',
    'The session signing key is not rotated automatically: rotating it signs every user out at once. Operators rotate it deliberately (it bumps no money state).',
  );
  // Our functions only (CDK's own helpers are not traced): active tracing writes segments to X-Ray.
  for (const fn of stack.node.findAll().filter((c): c is NodejsFunction => c instanceof NodejsFunction)) {
    acknowledge(
      fn,
      'AwsSolutions-IAM5[Resource::*]',
      'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so CDK grants them on *. The finding cannot name the action, so a future `*` on this role would also fall under it: tests/infra/access.test.ts compares every grant with the reviewed list (tests/infra/expected-grants.ts), where the only other `*` grants are ses:SendEmail (the mailer) and dynamodb:ListStreams (stream consumers, CDK).',
    );
  }
  acknowledge(
    stack.node.findChild(MAILER_FUNCTION.name),
    'AwsSolutions-IAM5[Resource::*]',
    'ses:SendEmail only: the sending identity (context `mailFrom`) is verified in SES by the operator outside this stack, so its ARN is not known here.',
  );

  for (const fn of stack.node.findAll().filter((c): c is NodejsFunction => c instanceof NodejsFunction)) {
    const mapping = fn.node.children.find((c) => c.node.id.startsWith('SqsEventSource:'));
    if (mapping) {
      acknowledge(
        mapping,
        'Serverless-LambdaEventSourceMappingDestination',
        "An SQS mapping's failures go to the queue's own dead-letter queue after its maximum receives (redrive policy), alarmed on the first message; Lambda offers no on-failure destination for SQS mappings.",
      );
    }
    acknowledge(
      fn,
      'Serverless-LambdaDLQ',
      'Never invoked asynchronously with a payload to lose: HTTP functions are invoked synchronously by API Gateway (the caller sees the error), queue and stream consumers by event source mappings (failures go to the queue DLQ or the failure queue), and the two sweepers by a schedule whose next run repeats the work (their failed deliveries go to EventDeliveryFailures).',
    );
  }

  for (const route of stack.node.findAll().filter((c): c is HttpRoute => c instanceof HttpRoute)) {
    const key = (route.node.defaultChild as CfnRoute).routeKey;
    const def = ROUTES.find((r) => routeKey(r) === key);
    if (def) acknowledge(route, 'AwsSolutions-APIG4', routeAuthorization(def));
  }
  // The REST API of the LocalStack variant: the same routes, the same reasons.
  for (const method of stack.node.findAll().filter((c): c is Method => c instanceof Method)) {
    const def = ROUTES.find((r) => routeKey(r) === `${method.httpMethod} ${method.resource.path}`);
    if (!def) continue;
    acknowledge(method, 'AwsSolutions-APIG4', routeAuthorization(def));
    acknowledge(method, 'AwsSolutions-COG4', `No Cognito user pool: ${routeAuthorization(def)}`);
  }

  // CDK's own handler behind BucketDeployment (only when web/dist is built): it copies the build from
  // the CDK asset bucket into the web bucket and invalidates the distribution.
  const webDeployment = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  const bucket = stack.node.findChild('WebBucket');
  if (webDeployment) {
    const findings = [
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => `Action::${action}`),
      'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
      `Resource::<${stack.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*`,
      'Resource::*',
    ];
    for (const finding of findings) {
      acknowledge(
        webDeployment,
        `AwsSolutions-IAM5[${finding}]`,
        "CDK's own BucketDeployment grants: object wildcards on the CDK asset bucket and the web bucket only, and cloudfront:CreateInvalidation, which has no resource-level scope.",
      );
    }
    acknowledge(
      webDeployment,
      'Serverless-LambdaDLQ',
      "CDK's own BucketDeployment handler is a custom resource CloudFormation invokes during a deploy: a failure fails (and rolls back) the deploy, no event is lost.",
    );
    acknowledge(
      webDeployment,
      'Serverless-LambdaTracing',
      "CDK's own BucketDeployment handler runs only during a deploy, and CloudFormation reports its errors; it serves no request to trace.",
    );
  }
  const distribution = stack.node.tryFindChild('WebDistribution');
  if (!distribution) {
    acknowledgeLocalStackVariant(stack, bucket);
    return;
  }
  acknowledge(
    bucket,
    'AwsSolutions-S1',
    'The bucket holds only the public build of the web app and is read only by CloudFront (origin access control); the API, where requests matter, has its own access log.',
  );
  acknowledge(distribution, 'AwsSolutions-CFR1', 'The platform serves Nigerian users who travel and resell abroad; no country is excluded.');

  acknowledge(
    distribution,
    'AwsSolutions-CFR3',
    'The static site needs no CloudFront access log (it would need an ACL-enabled bucket); API requests are logged by the HTTP API access log.',
  );
  if (!stack.node.tryGetContext('domainName')) {
    acknowledge(
      distribution,
      'AwsSolutions-CFR4',
      'Without context domainName/certificateArn the distribution uses the default *.cloudfront.net certificate, which cannot pin a minimum TLS version; with them it sets TLSv1.2_2021 (README "Deploy").',
    );
  }
}

/**
 * The LocalStack community variant (`-c deployTarget=localstack`): a REST API instead of the HTTP
 * API and an S3 website instead of CloudFront. Its findings are the price of what the free tier
 * offers, for a stack that runs on one developer's machine.
 */
function acknowledgeLocalStackVariant(stack: Stack, bucket: IConstruct): void {
  const api = stack.node.findChild('RestApi');
  acknowledge(
    api,
    'AwsSolutions-APIG2',
    'Requests are validated in the functions: every operation parses its input with the shared zod schema (shared/api) and answers 400 with the field at fault, the same on either API.',
  );
  acknowledge(
    api,
    'AwsSolutions-APIG3',
    'No WAF (and LocalStack community has none): the stage throttles every method, login attempts are throttled per user in the handler, and money moves only through idempotent, conditional writes.',
  );
  acknowledge(
    api,
    'AwsSolutions-APIG6',
    'Every request is in the JSON access log (30 days, the same fields as the HTTP API log); execution logs would go to a log group API Gateway creates outside the stack and keeps forever.',
  );
  acknowledge(
    api,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    "API Gateway's account-level logging role, which access logs require: the AWS managed policy lets API Gateway write its own logs and nothing else.",
  );
  const website =
    'An S3 website serves the public build of the web app (no secrets, nothing per user) to anonymous visitors, because LocalStack community has no CloudFront';
  acknowledge(bucket, 'AwsSolutions-S1', `${website}; the API, where requests matter, has its own access log.`);
  acknowledge(bucket, 'AwsSolutions-S2', `${website}: public reads through the bucket policy are the point; ACLs stay blocked.`);
  acknowledge(bucket, 'AwsSolutions-S5', `${website}, so there is no origin access identity to restrict reads to.`);
  acknowledge(bucket, 'AwsSolutions-S10', `${website}; website endpoints speak plain HTTP only, so a deny without TLS would refuse every visitor.`);
}

/** Why a route has no API Gateway authorizer (decision 2 (docs/decisions/0002-*): routes authenticate in the handler). */
function routeAuthorization(route: RouteDef): string {
  if (route.service === 'webhooks') {
    return 'Payment providers and VTpass call this receiver without a token; the handler verifies the provider signature over the raw body (VTpass pushes are re-queried before anything changes).';
  }
  if (route.access === 'public') return 'Public by design (registration, login, password reset and the like): the caller has no session yet.';
  return 'Authenticated in the handler: the shared middleware checks x-auth-token (session or API key) and the route role on every request (decision 2 (docs/decisions/0002-*)); an authorizer would repeat it.';
}
