/**
 * Wiring of the functions that answer no HTTP request (SQS consumers, schedules): middy with
 * Powertools' injectLambdaContext, so every log line of an invocation carries its request id,
 * Powertools' logMetrics, which flushes the invocation's buffered metrics once at its end, and
 * Powertools' partial batch responses for SQS.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { withInvocationDeadline } from '../adapters/invocation.js';
import { metrics } from '../adapters/metrics.js';
import { logger } from '../adapters/observability.js';

/** A background function's handler, with the invocation's context on the logger. */
export function backgroundFunction<TEvent, TResult>(handler: (event: TEvent, context: Context) => Promise<TResult>) {
  return middy<TEvent, TResult>(withInvocationDeadline(handler))
    .use(injectLambdaContext(logger))
    .use(logMetrics(metrics, { throwOnEmptyMetrics: false }));
}

export type RecordHandler = (record: SQSRecord) => Promise<void>;

/** The record's failure logged with what names it, then rethrown for the batch processor to report. */
function loggingFailures<R>(handle: (record: R) => Promise<void>, message: string, describe: (record: R) => Record<string, unknown>) {
  return async (record: R): Promise<void> => {
    try {
      await handle(record);
    } catch (error) {
      logger.error(message, { ...describe(record), error: error as Error });
      throw error;
    }
  };
}

/**
 * Runs `handleRecord` on every record of the batch, concurrently; each record that throws is
 * reported in `batchItemFailures` (ReportBatchItemFailures), so only it is retried and, after the
 * queue's max receives, dead-lettered where an alarm waits.
 */
export function sqsBatchHandler(handleRecord: RecordHandler): (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse> {
  const reportingFailures = loggingFailures(handleRecord, 'message failed; SQS will redeliver it', (record) => ({
    messageId: record.messageId,
    receiveCount: record.attributes?.ApproximateReceiveCount,
  }));
  return (event, context) =>
    // A processor per invocation: it keeps the batch on the instance, and the local cloud runs two
    // batches of one function at once in one process. A batch whose every record failed answers the
    // list like any other (throwOnFullBatchFailure: false) instead of an error that names no record.
    processPartialResponse(event, reportingFailures, new BatchProcessor(EventType.SQS), { context, throwOnFullBatchFailure: false });
}

/**
 * Runs `handleRecord` on the records of a stream batch one after another, in stream order (the
 * changes of one item must be acted on in the order they were made). A record that throws is
 * reported by its sequence number: Lambda retries the shard from the earliest one reported.
 */
export function streamBatchHandler(
  handleRecord: (record: DynamoDBRecord) => Promise<void>,
): (event: DynamoDBStreamEvent, context?: Context) => Promise<DynamoDBBatchResponse> {
  const reportingFailures = loggingFailures(handleRecord, 'stream record failed; the shard is retried from it', (record) => ({
    eventId: record.eventID,
    sequenceNumber: record.dynamodb?.SequenceNumber,
  }));
  return (event, context) =>
    processPartialResponse(event, reportingFailures, new BatchProcessor(EventType.DynamoDBStreams), {
      context,
      throwOnFullBatchFailure: false,
      processInParallel: false,
    });
}
