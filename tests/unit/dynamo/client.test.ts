import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { constructStack } from '@smithy/core/client';
import { afterEach, describe, expect, it } from 'vitest';
import { addRequestCounting, consumedUnits, type DynamoRequest } from '../../../functions/adapters/aws/dynamo-requests.js';
import { countDynamoRequests, db } from '../../../functions/adapters/dynamo/client.js';

const middlewareNames = (stack: { identify(): string[] }) => stack.identify().map((entry) => entry.split(' - ')[0]);

describe('the DynamoDB client the functions use', () => {
  afterEach(() => countDynamoRequests(undefined as never));

  it('has no logger middleware (it only builds redacted copies of every input and output for a logger that discards them)', () => {
    expect(middlewareNames(db().middlewareStack)).not.toContain('loggerMiddleware');
  });

  it('every other SDK client of the functions and of the local cloud has none either: SQS, EventBridge, SES, DynamoDB Streams, the local DynamoDB client', async () => {
    const { sqsClient } = await import('../../../functions/adapters/aws/sqs-client.js');
    const { withoutSdkLogger } = await import('../../../functions/adapters/aws/sdk-logger.js');
    const { localSqsClient } = await import('../../../infra/local/runtime/sqs.js');
    const { localStreamsClient } = await import('../../../infra/local/runtime/streams.js');
    const { localDynamoClient } = await import('../../../infra/local/runtime/dynamodb.js');
    const { EventBridgeClient } = await import('@aws-sdk/client-eventbridge');
    for (const client of [
      sqsClient(),
      localSqsClient('http://127.0.0.1:1'),
      localStreamsClient('http://127.0.0.1:1'),
      localDynamoClient('http://127.0.0.1:1'),
      withoutSdkLogger(new EventBridgeClient({})),
    ]) {
      expect(middlewareNames(client.middlewareStack)).not.toContain('loggerMiddleware');
    }
  });

  it('removes a middleware the SDK really adds (a renamed one would make the test above pass vacuously)', () => {
    expect(middlewareNames(new DynamoDBClient({}).middlewareStack)).toContain('loggerMiddleware');
  });

  it('counts no requests unless the benchmark asks: no counting middleware by default', () => {
    expect(middlewareNames(db().middlewareStack)).not.toContain('countDynamoRequests');
  });

  it('counts requests once asked, on a new client', () => {
    countDynamoRequests(() => undefined);
    expect(middlewareNames(db().middlewareStack)).toContain('countDynamoRequests');
  });
});

describe('counting DynamoDB requests', () => {
  const run = async (commandName: string, output: Record<string, unknown> | Error) => {
    const seen: DynamoRequest[] = [];
    const inputs: Record<string, unknown>[] = [];
    const stack = constructStack() as DynamoDBClient['middlewareStack'];
    addRequestCounting(stack, (request) => seen.push(request));
    const handler = stack.resolve(
      async (args: { input: object }) => {
        inputs.push(args.input as Record<string, unknown>);
        if (output instanceof Error) throw output;
        return { output: output as never, response: {} };
      },
      { commandName } as never,
    );
    await handler({ input: {} } as never).catch(() => undefined);
    return { seen, inputs };
  };

  it('asks for the total consumed capacity and reports the operation with its units', async () => {
    const { seen, inputs } = await run('TransactWriteItemsCommand', { ConsumedCapacity: [{ CapacityUnits: 4 }, { CapacityUnits: 2 }] });
    expect(inputs[0]).toMatchObject({ ReturnConsumedCapacity: 'TOTAL' });
    // The request's input comes with it (the bench sizes the items written from it).
    expect(seen).toEqual([{ operation: 'TransactWriteItems', input: { ReturnConsumedCapacity: 'TOTAL' }, readUnits: 0, writeUnits: 6 }]);
  });

  it('reports a refused request too, without units', async () => {
    const { seen } = await run('PutItemCommand', new Error('ConditionalCheckFailed'));
    expect(seen).toEqual([{ operation: 'PutItem', input: { ReturnConsumedCapacity: 'TOTAL' }, readUnits: 0, writeUnits: 0 }]);
  });

  it('takes read units of a read and the split DynamoDB gives when it gives one', () => {
    expect(consumedUnits('GetItem', { CapacityUnits: 0.5 })).toEqual({ readUnits: 0.5, writeUnits: 0 });
    expect(consumedUnits('UpdateItem', { CapacityUnits: 1, ReadCapacityUnits: 0, WriteCapacityUnits: 1 })).toEqual({ readUnits: 0, writeUnits: 1 });
    expect(consumedUnits('Query', undefined)).toEqual({ readUnits: 0, writeUnits: 0 });
  });
});
