/**
 * Contacts on DynamoDB, under their owner's partition (keys.contact). A contact stays until its
 * owner deletes it (decision 51 (docs/decisions/0051-*)). Contacts saved before that carry the table's TTL attribute
 * (`expiresAt`), which DynamoDB would act on: every write to a contact removes it, listing a user's
 * contacts removes it from each one still carrying it, and `npm run migrate:contacts` removes it
 * from all of them at once. Reads ignore it, so a contact already past that expiry but not yet
 * deleted by DynamoDB is shown and kept.
 */
import { DeleteCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../../shared/table.js';
import type { Contact } from '../../../domain/accounts/contacts.js';
import type { ContactStore } from '../../../domain/accounts/contacts-port.js';
import { db, tableName } from '../client.js';
import { keys, partitionQuery } from '../keys.js';
import { isConditionFailure } from '../conditions.js';
import { conditionalUpdate } from '../conditional-writes.js';
import { CONTACT_ENTITY, stored } from '../items.js';
import { queryPrefix } from '../partition.js';

const TTL = TABLE_KEYS.ttlAttribute;

/** Removes the old expiry from one contact (only while it is a contact and still has one). False: nothing to do. */
async function keepContact(key: { pk: string; sk: string }): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE #ttl',
        ConditionExpression: 'attribute_exists(pk) AND #entity = :entity AND attribute_exists(#ttl)',
        ExpressionAttributeNames: { '#ttl': TTL, '#entity': 'entity' },
        ExpressionAttributeValues: { ':entity': CONTACT_ENTITY },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function listContacts(userId: string): Promise<Contact[]> {
  const items = await queryPrefix(partitionQuery.contacts(userId), {
    consistent: true,
    filter: { expression: '#entity = :entity', names: { '#entity': 'entity' }, values: { ':entity': CONTACT_ENTITY } },
  });
  // The reading rule for contacts saved with an expiry: seen once, kept for good.
  const expiring = items.filter((item) => item[TTL] !== undefined);
  await Promise.all(expiring.map((item) => keepContact({ pk: String(item.pk), sk: String(item.sk) })));
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

/** The contact's key holds a contact: every write is conditional on it. */
const LIVE = `attribute_exists(pk) AND #entity = :entity`;

export const dynamoContacts: ContactStore = {
  list: listContacts,

  async create(contact) {
    await keepContactNumber(contact.userId, contact.contactNumber);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.contact(contact.userId, contact.contactId), entity: CONTACT_ENTITY, ...contact },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },

  async update(userId, contactId, changes, now) {
    if (changes.contactNumber !== undefined) await keepContactNumber(userId, changes.contactNumber);
    const nowIso = now.toISOString();
    const names: Record<string, string> = { '#ttl': TTL, '#entity': 'entity' };
    const values: Record<string, unknown> = { ':entity': CONTACT_ENTITY, ':now': nowIso };
    const sets = ['lastUsedAt = :now', 'updatedAt = :now'];
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
          UpdateExpression: `SET ${sets.join(', ')} REMOVE #ttl`,
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
    const matching = (await listContacts(userId)).filter((contact) => contact.contactNumber === contactNumber);
    let touched = 0;
    for (const contact of matching) {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.contact(userId, contact.contactId),
            UpdateExpression: 'SET lastUsedAt = :now REMOVE #ttl',
            // Only while it still is this number: an edit or a delete in between wins.
            ConditionExpression: `${LIVE} AND contactNumber = :number`,
            ExpressionAttributeNames: { '#ttl': TTL, '#entity': 'entity' },
            ExpressionAttributeValues: { ':entity': CONTACT_ENTITY, ':now': now.toISOString(), ':number': contactNumber },
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

/**
 * The one-off migration (`npm run migrate:contacts`): removes the old expiry from every contact that
 * still carries it, so DynamoDB's TTL deletes none. Safe while the functions run and safe to repeat.
 */
export async function keepAllContacts(options: {
  dryRun: boolean;
  onProgress?(s: { examined: number; kept: number }): void;
}): Promise<{ examined: number; kept: number }> {
  const summary = { examined: 0, kept: 0 };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#entity = :entity AND attribute_exists(#ttl)',
        ProjectionExpression: 'pk, sk',
        ExpressionAttributeNames: { '#entity': 'entity', '#ttl': TTL },
        ExpressionAttributeValues: { ':entity': CONTACT_ENTITY },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      summary.examined++;
      if (!options.dryRun && (await keepContact({ pk: String(item.pk), sk: String(item.sk) }))) summary.kept++;
    }
    options.onProgress?.(summary);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return summary;
}
