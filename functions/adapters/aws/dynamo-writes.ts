/**
 * Tells a listener after each successful write through a DynamoDB client: the local cloud's table
 * stream readers wake on it instead of polling DynamoDB Local (Lambda's own pollers need no such
 * hint). Off unless `onDynamoWrites` is called; when off, the client carries no extra middleware.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

const WRITE_OPERATIONS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

export function addWriteNotification(stack: DynamoDBClient['middlewareStack'], listener: () => void): void {
  stack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (WRITE_OPERATIONS.has(String(context.commandName))) listener();
      return result;
    },
    { step: 'initialize', name: 'notifyDynamoWrites', override: true },
  );
}
