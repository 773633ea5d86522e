/**
 * A real DynamoDB Local for a test file: started once (beforeAll), one table shaped like the
 * stack's (pk/sk + the three GSIs of shared/table.ts), and the environment the functions read
 * (TABLE_NAME, AWS_ENDPOINT_URL_DYNAMODB, dummy credentials) pointed at it.
 *
 * Usage: `const dynamo = useDynamoDb();` at the top of a describe/file; tests use unique users.
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from '../../infra/local/runtime/dynamodb.js';
import { TABLE_KEYS } from '../../shared/table.js';
import { ENV } from '../../shared/runtime-env.js';
import { loadEnv } from '../../functions/adapters/environment.js';
import { db } from '../../functions/adapters/dynamo/client.js';
import { dropTables } from './drop-tables.js';
import { sharedDynamoDbOfThisWorker } from './shared-resources.js';

/** The stack's table as CreateTable takes it: pk/sk and every index of shared/table.ts, all string keys. */
export function platformTableShape() {
  const indexes = Object.entries(TABLE_KEYS.indexes);
  const attributes = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...indexes.flatMap(([, index]) => [index.partitionKey, index.sortKey])]);
  return {
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' as const },
    ],
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    GlobalSecondaryIndexes: indexes.map(([name, index]) => ({
      IndexName: 'indexName' in index ? index.indexName : name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: index.projection, ...('nonKeyAttributes' in index ? { NonKeyAttributes: [...index.nonKeyAttributes] } : {}) },
    })),
  };
}

/** CreateTable's input for the table as it stood before `indexName` was added (to test adding it to an older table). */
export function platformTableBefore(indexName: string, tableName: string) {
  const shape = platformTableShape();
  const older = shape.GlobalSecondaryIndexes.filter((index) => index.IndexName !== indexName);
  const used = new Set<string>([...shape.KeySchema, ...older.flatMap((index) => index.KeySchema)].map((key) => key.AttributeName));
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    KeySchema: shape.KeySchema,
    AttributeDefinitions: shape.AttributeDefinitions.filter((attribute) => used.has(attribute.AttributeName)),
    GlobalSecondaryIndexes: older,
  };
}

/** `stream: false` for a table whose stream nobody reads (see the bench's raw writes). */
export async function createPlatformTable(endpoint: string, tableName: string, options: { stream?: boolean } = {}): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        ...(options.stream === false ? {} : { StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_KEYS.streamViewType } }),
        ...platformTableShape(),
      }),
    );
  } finally {
    client.destroy();
  }
}

export interface TestDynamo {
  endpoint: string;
  tableName: string;
}

export interface TestDynamoOptions {
  /**
   * Give the table its stream, for a file that reads it (the outbox, the counters, the stream poller).
   * Off by default: DynamoDB Local reads a streamed table's stream description on every request, and
   * that read grows with every stream record the shared instance holds. Measured on one instance: a
   * GetItem on a streamed table took 6 ms fresh and 16 ms once 20 tables had written 1,500 items
   * each, while one on a table without a stream stayed at about 2 ms.
   */
  stream?: boolean;
}

/**
 * Points the functions' environment at a fresh table of this file's own, in its worker's shared
 * DynamoDB Local (tests/support/global-dynamodb.ts), or in one started for this file when run
 * outside that setup.
 */
export function useDynamoDb(options: TestDynamoOptions = {}): TestDynamo {
  const handle: TestDynamo = { endpoint: '', tableName: '' };
  let local: DynamoDbLocal | undefined;
  beforeAll(async () => {
    const shared = sharedDynamoDbOfThisWorker();
    if (!shared) local = await startDynamoDbLocal();
    handle.endpoint = shared ?? local!.endpoint;
    handle.tableName = `money-test-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    await createPlatformTable(handle.endpoint, handle.tableName, { stream: options.stream ?? false });
    process.env.TABLE_NAME = handle.tableName;
    process.env.AWS_ENDPOINT_URL_DYNAMODB = handle.endpoint;
    process.env.AWS_REGION = 'us-east-1';
    process.env.AWS_ACCESS_KEY_ID = 'local';
    process.env.AWS_SECRET_ACCESS_KEY = 'local';
    // A function module imported before this ran parsed a placeholder table name at its cold start.
    loadEnv([ENV.tableName]);
  }, 90_000);
  afterAll(async () => {
    if (local) await local.stop();
    else if (handle.tableName) await dropTables(handle.endpoint, { names: [handle.tableName] });
  }, 30_000);
  return handle;
}

/** A middleware on the platform's DynamoDB client, as a test watches or steers its requests. */
export type TestMiddleware = (next: (args: any) => Promise<any>, context: { commandName?: string }) => (args: any) => Promise<any>;

let testMiddlewares = 0;

/**
 * Runs `work` with `middleware` on the platform's DynamoDB client, at `step` (initialize: before the
 * SDK's retries; deserialize: inside each attempt, within the deadline guard's timing), and removes
 * it afterwards whatever happens.
 */
export async function withDynamoMiddleware<T>(
  middleware: TestMiddleware,
  work: () => Promise<T>,
  step: 'initialize' | 'deserialize' = 'initialize',
): Promise<T> {
  const name = `test-middleware-${++testMiddlewares}`;
  const stack = db().middlewareStack;
  // One call per step: each of the SDK's overloads takes its step as a literal.
  if (step === 'initialize') stack.add(middleware as never, { step, name });
  else stack.add(middleware as never, { step, name });
  try {
    return await work();
  } finally {
    db().middlewareStack.remove(name);
  }
}
