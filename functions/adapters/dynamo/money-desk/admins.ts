/**
 * Every admin's address (the float alerts' recipients): the users' listing partition gives each
 * profile's key, the profiles themselves say who is an admin (the index projects no role). Read only
 * when a float crosses into low, a rare event.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from '../batch-get.js';
import { db, tableName } from '../client.js';
import { GSI, INDEX, listingQuery } from '../keys.js';

export async function adminAddresses(): Promise<{ userName: string; email: string }[]> {
  const admins: { userName: string; email: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: INDEX.byKindCreatedAt,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': GSI.byKindCreatedAt.partitionKey },
        ExpressionAttributeValues: { ':pk': listingQuery.kindPartition('USER') },
        ExclusiveStartKey: startKey,
      }),
    );
    const profiles = await batchGetItems(
      (page.Items ?? []).map((item) => ({ pk: item.pk, sk: item.sk })),
      { attributes: ['userName', 'email', 'isAdmin'] },
    );
    for (const profile of profiles)
      if (profile.isAdmin === true && profile.email) admins.push({ userName: String(profile.userName), email: String(profile.email) });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return admins;
}
