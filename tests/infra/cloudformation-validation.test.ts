/**
 * CDK's CloudFormation validation (its rule engine over every resource's schema) holds the platform
 * stack, with each finding an error as `cdk synth` and `cdk deploy` run it (cdk.json). The other
 * in-process synths skip it (infra/stack/synth-app.ts): there it cost about 6 CPU-s each and only warned.
 */
import { readFileSync } from 'node:fs';
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { PlatformStack } from '../../infra/stack/stack.js';
import { VALIDATION_AS_ERRORS } from '../../infra/stack/synth-app.js';

const cdkContext = (JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> }).context;

/** An App as the CLI makes it from cdk.json: validation on, findings as errors (bundling skipped). */
const deployApp = () => new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });

describe('CloudFormation validation of the stack as deployed', () => {
  it('cdk.json turns every validation finding into an error, so a deploy stops on one', () => {
    expect(cdkContext[VALIDATION_AS_ERRORS]).toBe(true);
  });

  it('the platform stack synthesizes with no finding', () => {
    const app = deployApp();
    new PlatformStack(app, 'VtuPlatform');
    expect(() => app.synth()).not.toThrow();
  }, 60_000);

  it('rejection: a resource with a property of the wrong type stops the synth', () => {
    const app = deployApp();
    new CfnResource(new Stack(app, 'Broken'), 'Queue', { type: 'AWS::SQS::Queue', properties: { VisibilityTimeout: 'not-a-number' } });
    expect(() => app.synth()).toThrow(/VisibilityTimeout|validation/i);
  }, 60_000);
});
