/**
 * Rule: no request outlives its answer. The local cloud's runtime runs every
 * function in one process, where a timed-out handler would keep running; like Lambda, which
 * freezes it, the runtime must keep it from writing after its timeout. The shared DynamoDB client
 * refuses to send once the invocation's deadline has passed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LambdaRuntime, LambdaTimeoutError } from '../../../infra/local/runtime/lambda.js';
import type { FunctionDef } from '../../../infra/local/runtime/template.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { InvocationTimedOutError, runWithDeadline, slowestSendMs } from '../../../functions/adapters/invocation.js';
import { callProvider } from '../../../functions/adapters/providers/http.js';
import { postWebhook } from '../../../functions/adapters/webhook-poster.js';
import { useDynamoDb, withDynamoMiddleware } from '../../support/dynamo.js';
import { REPO_ROOT } from '../../support/local-cloud.js';
import { outcomes, stored } from './fixtures/late-writer.js';

useDynamoDb();

const lateWriter = (timeoutSeconds: number): FunctionDef => ({
  logicalId: 'LateWriter',
  entry: 'tests/unit/local/fixtures/late-writer.ts',
  handlerExport: 'handler',
  timeoutSeconds,
  memoryMb: 256,
  rawEnvironment: {},
});

describe('the local Lambda runtime freezes a timed-out invocation', () => {
  it('a handler past its deadline cannot send: its late write is refused and nothing is stored', async () => {
    const runtime = new LambdaRuntime([lateWriter(0.2)], REPO_ROOT);
    const key = `late#${Date.now()}`;
    await expect(runtime.invoke('LateWriter', { waitMs: 500, key })).rejects.toThrow(LambdaTimeoutError);
    // The handler wakes after its timeout and tries to write.
    await sleep(700);
    expect(outcomes.get(key)).toBe('InvocationTimedOutError');
    expect(await stored(key)).toBe(false);
  });

  it('a handler within its deadline writes as usual', async () => {
    const runtime = new LambdaRuntime([lateWriter(5)], REPO_ROOT);
    const key = `on-time#${Date.now()}`;
    await expect(runtime.invoke('LateWriter', { waitMs: 10, key })).resolves.toBe('done');
    expect(outcomes.get(key)).toBe('written');
    expect(await stored(key)).toBe(true);
  });
});

describe('calls to outside parties after the deadline', () => {
  it('a provider call past the deadline is not sent and reads as unanswered; a webhook post is refused', async () => {
    let sent = 0;
    const countingFetch = (async () => {
      sent++;
      return new Response('{}');
    }) as typeof fetch;
    const past = Date.now() - 1;
    const answer = await runWithDeadline(past, () => callProvider({ method: 'POST', url: 'http://127.0.0.1:9/pay', timeoutMs: 1_000, fetch: countingFetch }));
    expect(answer).toEqual({ kind: 'no_answer', detail: 'not sent: the invocation had timed out' });
    await expect(runWithDeadline(past, () => postWebhook('http://127.0.0.1:9/hook', { headers: {}, body: '{}' }, 1_000))).rejects.toBeInstanceOf(
      InvocationTimedOutError,
    );
    // Within its time the same call is sent.
    await runWithDeadline(Date.now() + 5_000, () => callProvider({ method: 'POST', url: 'http://127.0.0.1:9/pay', timeoutMs: 1_000, fetch: countingFetch }));
    expect(sent).toBe(1);
  });
});

describe("the shared DynamoDB client times each request for its invocation's answer margin", () => {
  it('a slow request is noted as the slowest of its invocation; another invocation starts with none', async () => {
    const SLOW_MS = 300;
    const read = () => db().send(new GetCommand({ TableName: tableName(), Key: { pk: 'nobody', sk: 'nothing' } }));
    // Inside the deadline guard (the deserialize step runs within each attempt): DynamoDB answering slowly.
    const noted = await withDynamoMiddleware(
      (next) => async (args) => (await sleep(SLOW_MS), next(args)),
      () => runWithDeadline(Date.now() + 10_000, async () => (await read(), slowestSendMs())),
      'deserialize',
    );
    expect(noted).toBeGreaterThanOrEqual(SLOW_MS);
    expect(runWithDeadline(Date.now() + 10_000, () => slowestSendMs())).toBe(0);
  });
});
