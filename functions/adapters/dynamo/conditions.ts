/**
 * A write whose condition did not hold, in both shapes DynamoDB reports it: a single write's
 * ConditionalCheckFailedException, and a transaction cancelled with a ConditionalCheckFailed
 * reason for some of its items. Business outcomes (already rewarded, name taken, wallet moved)
 * hang on which item failed, so the transaction shape answers the failed items' positions.
 */
import type { CancellationReason } from '@aws-sdk/client-dynamodb';

const CONDITION_FAILED = 'ConditionalCheckFailed';

export function errorName(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** One code per item of a cancelled transaction ('None' for items that passed); undefined for any other error. */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (errorName(error) !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

/**
 * Positions of the items whose condition failed: `[0]` for a single write, the failed items of a
 * cancelled transaction (in TransactItems order); undefined when no condition failed.
 */
export function failedConditions(error: unknown): number[] | undefined {
  if (errorName(error) === `${CONDITION_FAILED}Exception`) return [0];
  const failed = (cancellationCodes(error) ?? []).flatMap((code, index) => (code === CONDITION_FAILED ? [index] : []));
  return failed.length ? failed : undefined;
}

export function isConditionFailure(error: unknown): boolean {
  return failedConditions(error) !== undefined;
}
