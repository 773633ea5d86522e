/** Publishes platform events on the EventBridge bus (AWS_ENDPOINT_URL_EVENTBRIDGE points it at the local bus). */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_SCHEMAS, EVENT_SOURCE, type EventType } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import { withDeadlineGuard } from './aws/deadline-guard.js';
import { withoutSdkLogger } from './aws/sdk-logger.js';
import { env } from './environment.js';

let client: EventBridgeClient | undefined;

function bus(): EventBridgeClient {
  client ??= withDeadlineGuard(withoutSdkLogger(new EventBridgeClient({ maxAttempts: 3 })));
  return client;
}

export class EventPublishError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventPublishError';
  }
}

/** Validates the detail against the shared schema, then puts it on the bus. Throws if the bus refused it. */
export async function publishEvent(detailType: EventType, detail: unknown): Promise<void> {
  const valid = EVENT_SCHEMAS[detailType].parse(detail);
  const result = await bus().send(
    new PutEventsCommand({
      Entries: [{ EventBusName: env(ENV.eventBusName), Source: EVENT_SOURCE, DetailType: detailType, Detail: JSON.stringify(valid) }],
    }),
  );
  if (result.FailedEntryCount) {
    throw new EventPublishError(`event ${detailType} was not accepted: ${result.Entries?.[0]?.ErrorMessage ?? 'unknown error'}`);
  }
}

/** PutEvents takes ten entries a call. */
const PUT_EVENTS_MAX_ENTRIES = 10;

/** Validates and puts many events of one type on the bus, ten a call. Throws if any entry was refused (the caller retries them all). */
export async function publishEvents(detailType: EventType, details: readonly unknown[]): Promise<void> {
  const valid = details.map((detail) => EVENT_SCHEMAS[detailType].parse(detail));
  for (let start = 0; start < valid.length; start += PUT_EVENTS_MAX_ENTRIES) {
    const entries = valid.slice(start, start + PUT_EVENTS_MAX_ENTRIES).map((detail) => ({
      EventBusName: env(ENV.eventBusName),
      Source: EVENT_SOURCE,
      DetailType: detailType,
      Detail: JSON.stringify(detail),
    }));
    const result = await bus().send(new PutEventsCommand({ Entries: entries }));
    if (result.FailedEntryCount) {
      const failed = result.Entries?.find((entry) => entry.ErrorCode);
      throw new EventPublishError(
        `${result.FailedEntryCount} of ${entries.length} ${detailType} events were not accepted: ${failed?.ErrorMessage ?? 'unknown error'}`,
      );
    }
  }
}
