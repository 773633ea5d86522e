/** What SQS consumers read out of a record's body: our bus's events and our own JSON messages. */
import { describe, expect, it } from 'vitest';
import { MalformedMessageError, messageOf, platformEventOf } from '../../../functions/adapters/envelopes.js';
import { EVENT_TYPES, payoutMessageSchema } from '../../../shared/events.js';

const busEvent = (fields: Record<string, unknown>) => ({
  body: JSON.stringify({
    version: '0',
    id: 'event-1',
    'detail-type': 'EmailRequested',
    source: 'vtu.platform',
    account: '000000000000',
    time: '2024-01-01T00:00:00Z',
    region: 'us-east-1',
    resources: [],
    detail: { to: 'a@b.co', subject: 'Hi', text: 'Hello' },
    ...fields,
  }),
});

describe('EventBridge events in SQS', () => {
  it('gives the event id, time and the detail parsed by its shared schema', () => {
    expect(platformEventOf(busEvent({}), EVENT_TYPES.emailRequested)).toEqual({
      id: 'event-1',
      time: '2024-01-01T00:00:00Z',
      detailType: 'EmailRequested',
      detail: { to: 'a@b.co', subject: 'Hi', text: 'Hello' },
    });
  });

  it('refuses a body that is not JSON, another event type, another source or a detail its schema refuses', () => {
    expect(() => platformEventOf({ body: 'not json' }, EVENT_TYPES.emailRequested)).toThrow(MalformedMessageError);
    expect(() => platformEventOf({ body: 'null' }, EVENT_TYPES.emailRequested)).toThrow(MalformedMessageError);
    expect(() => platformEventOf(busEvent({}), EVENT_TYPES.userUpgraded)).toThrow(/not a UserUpgraded event/);
    expect(() => platformEventOf(busEvent({ source: 'someone.else' }), EVENT_TYPES.emailRequested)).toThrow(MalformedMessageError);
    expect(() => platformEventOf(busEvent({ detail: { to: 'not-an-address', subject: 'Hi', text: 'x' } }), EVENT_TYPES.emailRequested)).toThrow(/detail\.to/);
  });
});

describe('plain JSON messages', () => {
  it('are parsed by their queue schema; anything else is malformed', () => {
    expect(messageOf({ body: '{"transactionId":"T1"}' }, payoutMessageSchema)).toEqual({ transactionId: 'T1' });
    expect(() => messageOf({ body: '{"transactionId":""}' }, payoutMessageSchema)).toThrow(MalformedMessageError);
    expect(() => messageOf({ body: '{' }, payoutMessageSchema)).toThrow('message body is not JSON');
  });
});
