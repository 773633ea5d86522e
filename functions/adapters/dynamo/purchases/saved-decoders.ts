/** Decoders a user paid for (cable TV), under the user's partition beside the contacts (keys.savedDecoder). */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SavedDecoder } from '../../../domain/products/saved-decoders.js';
import type { SavedDecoderStore } from '../../../domain/accounts/contacts-port.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { SAVED_DECODER_ENTITY, stored } from '../items.js';
import { keys, partitionQuery } from '../keys.js';
import { queryPrefix } from '../partition.js';

export const dynamoSavedDecoders: SavedDecoderStore = {
  async list(userId) {
    return (await queryPrefix(partitionQuery.savedDecoders(userId), { consistent: true })).map((item) => stored.savedDecoder.read(item));
  },

  async remember(userId, decoder: SavedDecoder) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.savedDecoder(userId, decoder.cableName, decoder.smartCardNo),
          UpdateExpression: 'SET entity = :entity, cableName = :cableName, smartCardNo = :smartCardNo, customerName = :customerName, lastUsedAt = :at',
          // A redelivered or older payment never moves it back.
          ConditionExpression: 'attribute_not_exists(lastUsedAt) OR lastUsedAt < :at',
          ExpressionAttributeValues: {
            ':entity': SAVED_DECODER_ENTITY,
            ':cableName': decoder.cableName,
            ':smartCardNo': decoder.smartCardNo,
            ':customerName': decoder.customerName,
            ':at': decoder.lastUsedAt,
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  },

  async forget(userId, cableName, smartCardNo) {
    try {
      await db().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.savedDecoder(userId, cableName, smartCardNo), ConditionExpression: 'attribute_exists(pk)' }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
