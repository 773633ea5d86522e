/** Condition failures are recognised in both shapes DynamoDB reports them, and nothing else is taken for one. */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { cancellationCodes, failedConditions, isConditionFailure } from '../../../functions/adapters/dynamo/conditions.js';

const $metadata = {};
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ $metadata, message: 'cancelled', CancellationReasons: codes.map((Code) => ({ Code })) });

describe('condition failure', () => {
  it('a single write whose condition failed is one failed item', () => {
    const error = new ConditionalCheckFailedException({ $metadata, message: 'The conditional request failed' });
    expect(isConditionFailure(error)).toBe(true);
    expect(failedConditions(error)).toEqual([0]);
  });

  it('a cancelled transaction names the items whose condition failed, in TransactItems order', () => {
    const error = cancelled('None', 'ConditionalCheckFailed', 'None', 'ConditionalCheckFailed');
    expect(isConditionFailure(error)).toBe(true);
    expect(failedConditions(error)).toEqual([1, 3]);
    expect(cancellationCodes(error)).toEqual(['None', 'ConditionalCheckFailed', 'None', 'ConditionalCheckFailed']);
  });

  it('is recognised by name too (errors that crossed a module boundary are not instances)', () => {
    expect(failedConditions({ name: 'ConditionalCheckFailedException' })).toEqual([0]);
    expect(failedConditions({ name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] })).toEqual([0]);
  });

  it('rejects: a transaction cancelled only by a conflict is no condition failure', () => {
    expect(isConditionFailure(cancelled('None', 'TransactionConflict'))).toBe(false);
    expect(failedConditions(cancelled('TransactionConflict'))).toBeUndefined();
  });

  it('rejects: other errors, and things that are not errors, are no condition failure', () => {
    for (const error of [new Error('boom'), { name: 'ValidationException' }, undefined, null, 'ConditionalCheckFailedException']) {
      expect(isConditionFailure(error)).toBe(false);
      expect(cancellationCodes(error)).toBeUndefined();
    }
  });
});
