/** The after-midnight reconciliation's marker: one item per (supplier, day), claimed once (`RECON#DAILY#<day>` / `<supplier>`). */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PARTITION_PREFIXES } from '../../../../shared/table.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';

/** True for the one caller that claims the day's run; false once claimed. */
export async function claimDailyRun(supplier: string, day: string, at: string): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: `${PARTITION_PREFIXES.reconciliation}DAILY#${day}`, sk: supplier, entity: 'DailyReconciliation', requestedAt: at },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
