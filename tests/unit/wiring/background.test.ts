/** Wiring of SQS consumers and scheduled functions: partial batch responses, request ids on log lines, environment at cold start. */
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../functions/adapters/observability.js';
import { backgroundFunction, sqsBatchHandler } from '../../../functions/middleware/background.js';

const record = (messageId: string, body = '{}') => ({ messageId, body, attributes: { ApproximateReceiveCount: '1' } }) as unknown as SQSRecord;
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const context = (awsRequestId: string) =>
  ({
    awsRequestId,
    functionName: 'Test',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:Test',
    memoryLimitInMB: '256',
    functionVersion: '$LATEST',
  }) as unknown as Context;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => vi.restoreAllMocks());

describe('SQS partial batch responses', () => {
  it('reports exactly the records that threw; the others are acknowledged', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = sqsBatchHandler(async (r) => {
      if (r.body === 'fail') throw new Error('boom');
    });
    expect(await handler(batch(record('a'), record('b', 'fail'), record('c')))).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }] });
    expect(await handler(batch(record('a')))).toEqual({ batchItemFailures: [] });
  });

  it('a batch whose every record failed answers the list like any other, instead of throwing', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = sqsBatchHandler(async () => {
      throw new Error('boom');
    });
    const { batchItemFailures } = await handler(batch(record('a'), record('b')));
    expect(batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['a', 'b']);
  });

  it('two batches of one function at once (the local cloud runs them in one process) keep their failures apart', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = sqsBatchHandler(async (r) => {
      await tick();
      if (r.body === 'fail') throw new Error('boom');
    });
    const [first, second] = await Promise.all([handler(batch(record('a1', 'fail'), record('a2'))), handler(batch(record('b1'), record('b2', 'fail')))]);
    expect(first).toEqual({ batchItemFailures: [{ itemIdentifier: 'a1' }] });
    expect(second).toEqual({ batchItemFailures: [{ itemIdentifier: 'b2' }] });
  });
});

describe('log lines', () => {
  it('carry the request id of the invocation that wrote them', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const level = logger.getLevelName();
    logger.setLogLevel('INFO');
    try {
      const handler = backgroundFunction(sqsBatchHandler(async (r) => logger.info('handled', { messageId: r.messageId })));
      await handler(batch(record('m1')), context('request-1'));
    } finally {
      logger.setLogLevel(level);
    }
    const handled = lines.map((line) => JSON.parse(line)).find((line) => line.message === 'handled');
    expect(handled).toMatchObject({ function_request_id: 'request-1', function_name: 'Test', messageId: 'm1' });
  });
});

describe('environment at cold start', () => {
  it('a function whose required variable is missing fails when its module loads, naming the variable', async () => {
    vi.resetModules();
    vi.stubEnv('TABLE_NAME', '');
    try {
      await expect(import('../../../functions/handlers/referral-rewards.js')).rejects.toThrow('missing required environment variable TABLE_NAME');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
