/**
 * How many DynamoDB requests the functions make, by operation, and the capacity they consume: the
 * benchmark's "requests per delivered purchase". Off unless `countDynamoRequests` is called before
 * the first `db()`; when off, the client carries no extra middleware at all.
 */
import type { ConsumedCapacity, DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface DynamoRequest {
  /** The DynamoDB operation, e.g. GetItem, TransactWriteItems. */
  operation: string;
  readUnits: number;
  writeUnits: number;
  /** The request as sent (the bench computes billed write units from the items it writes). */
  input: unknown;
}

export type DynamoRequestTally = (request: DynamoRequest) => void;

const READ_OPERATIONS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);

/** Read and write units of one answer; DynamoDB Local gives only `CapacityUnits`, so the operation says which kind they are. */
export function consumedUnits(operation: string, consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): { readUnits: number; writeUnits: number } {
  let readUnits = 0;
  let writeUnits = 0;
  for (const entry of [consumed ?? []].flat()) {
    if (entry.ReadCapacityUnits !== undefined || entry.WriteCapacityUnits !== undefined) {
      readUnits += entry.ReadCapacityUnits ?? 0;
      writeUnits += entry.WriteCapacityUnits ?? 0;
    } else if (READ_OPERATIONS.has(operation)) readUnits += entry.CapacityUnits ?? 0;
    else writeUnits += entry.CapacityUnits ?? 0;
  }
  return { readUnits, writeUnits };
}

/** Adds the counting middleware to a DynamoDB client's stack: asks for the consumed capacity and reports each answered request. */
export function addRequestCounting(stack: DynamoDBClient['middlewareStack'], tally: DynamoRequestTally): void {
  stack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const operation = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      try {
        const result = await next(args);
        tally({ operation, input: args.input, ...consumedUnits(operation, (result.output as { ConsumedCapacity?: ConsumedCapacity }).ConsumedCapacity) });
        return result;
      } catch (error) {
        // A refused condition is a request too (and costs its write units, which the error does not report).
        tally({ operation, input: args.input, readUnits: 0, writeUnits: 0 });
        throw error;
      }
    },
    { step: 'initialize', name: 'countDynamoRequests', override: true },
  );
}
