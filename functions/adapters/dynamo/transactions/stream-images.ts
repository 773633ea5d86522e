/** A DynamoDB stream image read as the transaction record it holds (the table's stream consumers share it). */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { TransactionRecord } from '../../../domain/transactions/transactions.js';
import { stored } from '../items.js';
import { keys } from '../keys.js';

const TRANSACTION_SORT_KEY = keys.transaction('').sk;

/** A stream image as the transaction it holds; undefined when absent or not a transaction record. */
export function transactionOfImage(image: Record<string, unknown> | undefined): TransactionRecord | undefined {
  if (!image) return undefined;
  const item = unmarshall(image as Record<string, AttributeValue>);
  return item.sk === TRANSACTION_SORT_KEY ? stored.transaction.read(item) : undefined;
}
