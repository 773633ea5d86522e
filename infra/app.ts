#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { PlatformStack } from './stack.js';

const app = new App();
new PlatformStack(app, 'VtuPlatform', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
app.synth();
