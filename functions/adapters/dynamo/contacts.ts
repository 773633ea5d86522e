/**
 * Contacts on DynamoDB, under their owner's partition (keys.contact), with the table's TTL
 * attribute `expiresAt` (epoch seconds) set 30 days ahead on every save, edit and purchase to the
 * number. TTL deletes lazily, so reads skip anything already past its expiry.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../shared/table.js';
import { contactExpiry, type Contact } from '../../domain/contacts.js';
import type { ContactStore } from '../../ports/contacts.js';
import { db, tableName } from './client.js';
import { keys, partitionQuery } from './keys.js';
import { isConditionFailure } from './conditions.js';
import { conditionalUpdate } from './conditional-writes.js';
import { CONTACT_ENTITY, stored } from './items.js';
import { queryPrefix } from './partition.js';

const TTL = TABLE_KEYS.ttlAttribute;

const epoch = (now: Date) => Math.floor(now.getTime() / 1000);

async function listContacts(userId: string, now: Date): Promise<Contact[]> {
  const items = await queryPrefix(partitionQuery.contacts(userId), {
    consistent: true,
    filter: { expression: '#entity = :entity AND #ttl > :now', names: { '#entity': 'entity', '#ttl': TTL }, values: { ':entity': CONTACT_ENTITY, ':now': epoch(now) } },
  });
  return items.map((item) => stored.contact.read(item));
}

/**
 * Adds the number to the profile's set of contact numbers, before the contact is saved under it: a
 * purchase reads the set with the buyer's profile and spares the contacts look-up for a number
 * outside it, so the set may hold numbers no contact has any more, but never misses one that does.
 */
async function keepContactNumber(userId: string, contactNumber: string): Promise<void> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: keys.userProfile(userId),
    UpdateExpression: 'ADD contactNumbers :number',
    // Never a profile of its own: no profile, no purchases to look up contacts for.
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':number': new Set([contactNumber]) },
  });
}

/** The contact's key if it still lives (owner's partition, not expired): every write is conditional on it. */
const LIVE = `attribute_exists(pk) AND #entity = :entity AND #ttl > :nowEpoch`;

export const dynamoContacts: ContactStore = {
  list: listContacts,

  async create(contact) {
    await keepContactNumber(contact.userId, contact.contactNumber);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.contact(contact.userId, contact.contactId), entity: CONTACT_ENTITY, ...contact, [TTL]: contact.expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },

  async update(userId, contactId, changes, now) {
    if (changes.contactNumber !== undefined) await keepContactNumber(userId, changes.contactNumber);
    const nowIso = now.toISOString();
    const names: Record<string, string> = { '#ttl': TTL, '#entity': 'entity' };
    const values: Record<string, unknown> = { ':entity': CONTACT_ENTITY, ':nowEpoch': epoch(now), ':expires': contactExpiry(now), ':now': nowIso };
    const sets = ['#ttl = :expires', 'lastUsedAt = :now', 'updatedAt = :now'];
    for (const field of ['contactName', 'contactNumber', 'contactNetwork'] as const) {
      if (changes[field] === undefined) continue;
      names[`#${field}`] = field;
      values[`:${field}`] = changes[field];
      sets.push(`#${field} = :${field}`);
    }
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.contact(userId, contactId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: LIVE,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? stored.contact.read(Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  },

  async remove(userId, contactId) {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.contact(userId, contactId),
          ConditionExpression: 'attribute_exists(pk) AND #entity = :entity',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':entity': CONTACT_ENTITY },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  async touchNumber(userId, contactNumber, now) {
    const matching = (await listContacts(userId, now)).filter((contact) => contact.contactNumber === contactNumber);
    let touched = 0;
    for (const contact of matching) {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.contact(userId, contact.contactId),
            UpdateExpression: 'SET #ttl = :expires, lastUsedAt = :now',
            // Only while it still is this number and alive: an edit or expiry in between wins.
            ConditionExpression: `${LIVE} AND contactNumber = :number`,
            ExpressionAttributeNames: { '#ttl': TTL, '#entity': 'entity' },
            ExpressionAttributeValues: {
              ':entity': CONTACT_ENTITY,
              ':nowEpoch': epoch(now),
              ':expires': contactExpiry(now),
              ':now': now.toISOString(),
              ':number': contactNumber,
            },
          }),
        );
        touched++;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    return touched;
  },
};
