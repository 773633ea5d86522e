/**
 * What an SQS consumer finds in a record's body, parsed with the shared schemas: an event of our
 * bus (a rule's SQS target puts the whole EventBridge event, as JSON, in the body) or a plain JSON
 * message one of our functions sent.
 *
 * Why not Powertools Parser, whose envelopes do exactly this: @aws-lambda-powertools/parser 2.28
 * and later need zod 4, and 2.24 crashes on zod 3.25 (its EventBridge schema calls `z.iso`); the
 * project is on zod 3.25.
 */
import type { SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import { EVENT_SCHEMAS, EVENT_SOURCE, type EventType } from '../../shared/events.js';

/** A body that is not what the queue carries. Retrying it cannot change the body, only a fixed consumer can read it. */
export class MalformedMessageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MalformedMessageError';
  }
}

type DetailOf<T extends EventType> = z.output<(typeof EVENT_SCHEMAS)[T]>;

/** An event of the platform's bus as a target receives it. */
export interface PlatformEvent<T extends EventType> {
  /** EventBridge's id: the same on every delivery of this event (its retries, and SQS's redeliveries). */
  id: string;
  /** When the event was put on the bus (ISO 8601). */
  time: string;
  detailType: T;
  detail: DetailOf<T>;
}

function envelopeSchema<T extends EventType>(detailType: T) {
  return z.object({
    id: z.string().min(1),
    'detail-type': z.literal(detailType),
    source: z.literal(EVENT_SOURCE),
    time: z.string().min(1),
    detail: EVENT_SCHEMAS[detailType] as z.ZodType<DetailOf<T>>,
  });
}

function jsonOf(record: Pick<SQSRecord, 'body'>): unknown {
  try {
    return JSON.parse(record.body);
  } catch (cause) {
    throw new MalformedMessageError('message body is not JSON', { cause });
  }
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid';
}

/** The `detailType` event an EventBridge rule put into the queue; throws MalformedMessageError for anything else. */
export function platformEventOf<T extends EventType>(record: Pick<SQSRecord, 'body'>, detailType: T): PlatformEvent<T> {
  const parsed = envelopeSchema(detailType).safeParse(jsonOf(record));
  if (!parsed.success) throw new MalformedMessageError(`message is not a ${detailType} event of ${EVENT_SOURCE} (${describeIssue(parsed.error)})`);
  const event = parsed.data;
  // zod cannot tell that a generic detail schema never yields undefined.
  return { id: event.id, time: event.time, detailType, detail: event.detail as DetailOf<T> };
}

/** A plain JSON message of `schema` (one we sent to our own queue); throws MalformedMessageError for anything else. */
export function messageOf<S extends z.ZodTypeAny>(record: Pick<SQSRecord, 'body'>, schema: S): z.output<S> {
  const parsed = schema.safeParse(jsonOf(record));
  if (!parsed.success) throw new MalformedMessageError(`message does not match its queue's schema (${describeIssue(parsed.error)})`);
  return parsed.data as z.output<S>;
}
