/**
 * Backoff for an SQS consumer: a failed message's visibility is set to the delay before its next
 * delivery (ChangeMessageVisibility; the event source mapping's consume grant includes it). Lambda
 * leaves a failed item on the queue, so it comes back after exactly that delay.
 */
import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { sqsClient } from './aws/sqs-client.js';

/** arn:aws:sqs:<region>:<account>:<name> → the queue's URL. */
export function queueUrlOf(eventSourceArn: string): string {
  const [, partition, , region, account, name] = eventSourceArn.split(':');
  if (!region || !account || !name) throw new Error(`not an SQS queue ARN: ${eventSourceArn}`);
  const domain = partition === 'aws-cn' ? 'amazonaws.com.cn' : 'amazonaws.com';
  return `https://sqs.${region}.${domain}/${account}/${name}`;
}

export async function redeliverAfter(record: SQSRecord, seconds: number): Promise<void> {
  await sqsClient().send(
    new ChangeMessageVisibilityCommand({ QueueUrl: queueUrlOf(record.eventSourceARN), ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }),
  );
}
