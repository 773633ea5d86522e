/**
 * Rule (issue 19, goal 2): no request outlives its answer. The local cloud's runtime runs every
 * function in one process, where a timed-out handler would keep running; like Lambda, which
 * freezes it, the runtime must keep it from writing after its timeout. The shared DynamoDB client
 * refuses to send once the invocation's deadline has passed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LambdaRuntime, LambdaTimeoutError } from '../../../infra/local/lambda.js';
import type { FunctionDef } from '../../../infra/local/template.js';
import { useDynamoDb } from '../../support/dynamo.js';
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
