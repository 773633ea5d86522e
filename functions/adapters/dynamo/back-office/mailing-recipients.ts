/**
 * Recipients of admins' mailings: one user by name, or the users a page at a time from the `USER`
 * partition of the byKindCreatedAt index, oldest first. A page starts after the last key of the
 * previous one (keyset): no offset to skip over, so the thousandth page costs what the first does,
 * and a user registering meanwhile only joins the end.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { MailRecipient } from '../../../../shared/events.js';
import { MalformedMessageError } from '../../envelopes.js';
import { db, tableName } from '../client.js';
import { GSI, INDEX, listingQuery } from '../keys.js';
import { getUserByUserName } from '../accounts/users.js';

const lastKeySchema = z.record(z.string());

/** The page's last key as an opaque cursor (it travels in the next page's SQS message). */
function cursorOf(lastKey: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(lastKeySchema.parse(lastKey))).toString('base64url');
}

function startKeyOf(cursor: string): Record<string, string> {
  try {
    return lastKeySchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch (cause) {
    throw new MalformedMessageError('mailing cursor is not one of ours', { cause });
  }
}

export async function recipientsPage(cursor: string | undefined, limit: number): Promise<{ recipients: MailRecipient[]; next?: string }> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: INDEX.byKindCreatedAt,
      KeyConditionExpression: '#pk = :pk',
      ProjectionExpression: '#userId, #userName, #email',
      ExpressionAttributeNames: { '#pk': GSI.byKindCreatedAt.partitionKey, '#userId': 'userId', '#userName': 'userName', '#email': 'email' },
      ExpressionAttributeValues: { ':pk': listingQuery.kindPartition('USER') },
      ScanIndexForward: true,
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: startKeyOf(cursor) } : {}),
    }),
  );
  const recipients = (page.Items ?? []).map((item) => ({ userId: String(item.userId), userName: String(item.userName), email: String(item.email) }));
  return { recipients, ...(page.LastEvaluatedKey ? { next: cursorOf(page.LastEvaluatedKey) } : {}) };
}

export async function findRecipient(userName: string): Promise<MailRecipient | undefined> {
  const user = await getUserByUserName(userName);
  return user ? { userId: user.userId, userName: user.userName, email: user.email } : undefined;
}
