/**
 * The CloudFormation resource types the LocalStack variant (`-c deployTarget=localstack`) may use:
 * the ones LocalStack's free community tier deploys. The template test
 * (tests/infra/localstack-variant.test.ts) fails on any other type in the variant.
 *
 * Where this comes from: LocalStack's feature coverage docs (docs.localstack.cloud, "AWS service
 * feature coverage") put Lambda, DynamoDB, SQS, SNS, EventBridge, S3, SSM, IAM, CloudWatch alarms and
 * Logs, KMS, SES, Secrets Manager, Step Functions and API Gateway REST APIs (v1) in the community
 * tier, and API Gateway v2, CloudFront, Cognito, AppSync, EventBridge Pipes, X-Ray and running Lambda
 * layers in the paid tiers. What `cdklocal deploy` can create is narrower: the community
 * CloudFormation engine's resource providers, in the open-source repository localstack/localstack
 * (localstack-core/localstack/services/<service>/resource_providers/aws_<service>_<type>.py). Every
 * AWS:: type below except CDK's metadata was looked up there; AWS::CloudWatch::Dashboard was not found (only Alarm and
 * CompositeAlarm), so the variant drops the dashboard and keeps the alarms. Re-check there before
 * adding a type.
 */
export const LOCALSTACK_COMMUNITY_RESOURCE_TYPES = [
  'AWS::ApiGateway::Account',
  'AWS::ApiGateway::Deployment',
  'AWS::ApiGateway::Method',
  'AWS::ApiGateway::Resource',
  'AWS::ApiGateway::RestApi',
  'AWS::ApiGateway::Stage',
  'AWS::CloudWatch::Alarm',
  'AWS::DynamoDB::Table',
  'AWS::Events::EventBus',
  'AWS::Events::Rule',
  'AWS::IAM::Policy',
  'AWS::IAM::Role',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Lambda::Function',
  'AWS::Lambda::Permission',
  'AWS::Logs::LogGroup',
  'AWS::S3::Bucket',
  'AWS::S3::BucketPolicy',
  'AWS::SecretsManager::Secret',
  'AWS::SNS::Subscription',
  'AWS::SNS::Topic',
  'AWS::SNS::TopicPolicy',
  'AWS::SQS::Queue',
  'AWS::SQS::QueuePolicy',
  // CDK's own: version reporting (skipped by LocalStack), and the bucket's auto-delete custom
  // resource, which CloudFormation runs by invoking a Lambda function of this stack.
  'AWS::CDK::Metadata',
  'Custom::S3AutoDeleteObjects',
] as const;

/** Resource type prefixes of paid-tier services the variant exists to avoid (named in the test's failure). */
export const LOCALSTACK_PAID_TYPE_PREFIXES = [
  'AWS::ApiGatewayV2::',
  'AWS::CloudFront::',
  'AWS::Cognito::',
  'AWS::AppSync::',
  'AWS::Pipes::',
  'AWS::XRay::',
] as const;
