/**
 * Goal 5 of issue 19, "limits in the cloud" (decision 49 (docs/decisions/0049-*)), on the synthesized template:
 * every consumer has a concurrency limit, fulfilment's is the stack setting `fulfilmentMaxConcurrency`,
 * the sweepers never overlap, and settled events reach the webhook queue only for owners with a webhook URL.
 */
import { templateOnlyApp } from '../../infra/stack/synth-app.js';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformTemplate } from '../support/stack-template.js';
import {
  ALL_FUNCTIONS,
  CONCURRENCY,
  FULFILMENT_FUNCTION,
  HTTP_FUNCTIONS,
  LOCAL_METADATA,
  PAYOUT_SWEEPER_FUNCTION,
  SWEEPER_FUNCTION,
  TRANSACTION_COUNTERS_FUNCTION,
  TRANSACTION_STREAM_FUNCTION,
} from '../../infra/stack/functions.js';
import { compileEventPattern } from '../../infra/local/runtime/event-pattern.js';
import { FULFILMENT_CONCURRENCY_CONTEXT, PlatformStack } from '../../infra/stack/stack.js';
import { EVENT_SOURCE, EVENT_TYPES } from '../../shared/events.js';

type Resource = { Type: string; Properties: Record<string, any>; Metadata?: Record<string, any> };

function synth(context: Record<string, unknown> = {}): Record<string, Resource> {
  // Skipping bundling keeps the synth fast; the template is otherwise identical.
  const app = templateOnlyApp({ context });
  return Template.fromStack(new PlatformStack(app, 'VtuPlatform')).toJSON().Resources;
}

let resources: Record<string, Resource>;
beforeAll(async () => {
  resources = (await platformTemplate()).Resources as Record<string, Resource>;
});

const ofType = (all: Record<string, Resource>, type: string) => Object.entries(all).filter(([, r]) => r.Type === type);
const functionOf = (all: Record<string, Resource>, entry: string) =>
  ofType(all, 'AWS::Lambda::Function').find(([, r]) => r.Metadata?.[LOCAL_METADATA.entry] === entry)!;
const mappingsOf = (all: Record<string, Resource>, entry: string) => {
  const [fnId] = functionOf(all, entry);
  return ofType(all, 'AWS::Lambda::EventSourceMapping')
    .filter(([, m]) => m.Properties.FunctionName?.Ref === fnId)
    .map(([, m]) => m);
};
const isQueueMapping = (mapping: Resource) => JSON.stringify(mapping.Properties.EventSourceArn).includes('Queue');
const httpEntries = new Set(Object.values(HTTP_FUNCTIONS).map((spec) => spec.entry));

describe('limits in the cloud (decision 49 (docs/decisions/0049-*))', () => {
  it('every consumer has a concurrency limit: each SQS mapping a maximum concurrency of at least 2 (its spec’s), every other non-HTTP function reserved concurrency', () => {
    const consumers = ALL_FUNCTIONS.filter((spec) => !httpEntries.has(spec.entry));
    expect(consumers.length).toBeGreaterThan(8);
    for (const spec of consumers) {
      const [, fn] = functionOf(resources, spec.entry);
      const queueMappings = mappingsOf(resources, spec.entry).filter(isQueueMapping);
      if (queueMappings.length > 0) {
        for (const mapping of queueMappings) {
          const max = mapping.Properties.ScalingConfig?.MaximumConcurrency;
          expect(max, `${spec.name}'s queue mapping`).toBeGreaterThanOrEqual(CONCURRENCY.sqsMinimum);
          expect(spec.concurrency, spec.name).toEqual({ queue: max });
        }
      } else {
        expect(fn.Properties.ReservedConcurrentExecutions, `${spec.name}'s reserved concurrency`).toBeGreaterThanOrEqual(1);
        expect(spec.concurrency, spec.name).toEqual({ reserved: fn.Properties.ReservedConcurrentExecutions });
      }
    }
  });

  it('the stream consumers have reserved concurrency (the outbox and the platform counters)', () => {
    for (const spec of [TRANSACTION_STREAM_FUNCTION, TRANSACTION_COUNTERS_FUNCTION]) {
      expect(functionOf(resources, spec.entry)[1].Properties.ReservedConcurrentExecutions, spec.name).toBe((spec.concurrency as { reserved: number }).reserved);
    }
  });

  it(`fulfilment is capped at what suppliers accept: its queue mapping's maximum concurrency is the stack setting "${FULFILMENT_CONCURRENCY_CONTEXT}" (default ${CONCURRENCY.fulfilmentDefault})`, () => {
    const [mapping] = mappingsOf(resources, FULFILMENT_FUNCTION.entry);
    expect(mapping!.Properties.ScalingConfig).toEqual({ MaximumConcurrency: CONCURRENCY.fulfilmentDefault });
    const set = synth({ [FULFILMENT_CONCURRENCY_CONTEXT]: '12' });
    expect(mappingsOf(set, FULFILMENT_FUNCTION.entry)[0]!.Properties.ScalingConfig).toEqual({ MaximumConcurrency: 12 });
    expect(() => synth({ [FULFILMENT_CONCURRENCY_CONTEXT]: 1 })).toThrow(/fulfilmentMaxConcurrency/);
    expect(() => synth({ [FULFILMENT_CONCURRENCY_CONTEXT]: 'many' })).toThrow(/fulfilmentMaxConcurrency/);
  });

  it('the sweeper and the payout sweeper cannot run twice at once: reserved concurrency 1', () => {
    for (const spec of [SWEEPER_FUNCTION, PAYOUT_SWEEPER_FUNCTION]) {
      expect(functionOf(resources, spec.entry)[1].Properties.ReservedConcurrentExecutions, spec.name).toBe(1);
    }
  });

  it('the settled-event rule sends to the webhook queue only events whose owner has a webhook URL (detail.ownerWebhook true), and the local bus matches it so', () => {
    const webhookQueueId = ofType(resources, 'AWS::SQS::Queue').find(([id]) => id.startsWith('WebhookQueue'))![0];
    const rules = ofType(resources, 'AWS::Events::Rule').filter(([, r]) => JSON.stringify(r.Properties.Targets ?? []).includes(webhookQueueId));
    expect(rules).toHaveLength(1);
    const pattern = rules[0]![1].Properties.EventPattern;
    expect(pattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': [EVENT_TYPES.transactionSettled], detail: { ownerWebhook: [true] } });
    const matches = compileEventPattern(pattern);
    const event = (detail: Record<string, unknown>) => ({
      source: EVENT_SOURCE,
      'detail-type': EVENT_TYPES.transactionSettled,
      detail: { transactionId: 'T1', ...detail },
    });
    expect(matches(event({ ownerWebhook: true }))).toBe(true);
    expect(matches(event({ ownerWebhook: false }))).toBe(false);
    expect(matches(event({}))).toBe(false);
  });
});
