#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { CLOUDFRONT_WAF_REGION, EdgeWafStack } from './edge-waf.js';
import { PlatformStack } from './stack.js';

const app = new App();
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
// CloudFront's web ACL must be in us-east-1: from another region it is its own stack there (README "Deploy").
const wafElsewhere =
  region !== undefined && region !== CLOUDFRONT_WAF_REGION && !app.node.tryGetContext('webAclArn') && app.node.tryGetContext('deployTarget') !== 'localstack';
const waf = wafElsewhere
  ? new EdgeWafStack(app, 'VtuPlatformEdgeWaf', { env: { account, region: CLOUDFRONT_WAF_REGION }, crossRegionReferences: true })
  : undefined;
new PlatformStack(app, 'VtuPlatform', {
  env: { account, region },
  crossRegionReferences: waf !== undefined,
  webAclArn: waf?.webAclArn,
});
app.synth();
