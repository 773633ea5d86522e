/**
 * Cable bouquets and exam products on DynamoDB, beside the data plans in the catalogue partition
 * (keys.billProduct). An admin's edit is conditional on the row being as read (same updatedAt), so
 * two admins never silently overwrite each other; a fresh catalogue is seeded once (put-if-absent,
 * dynamoCatalogueSeed in catalogue.ts).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { BillProduct } from '../../../domain/products/bill-catalogue.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { BILL_PRODUCT_ENTITY, stored } from '../items.js';
import { keys, partitionQuery } from '../keys.js';
import { queryPrefix } from '../partition.js';

export function billProductItem(product: BillProduct): Record<string, unknown> {
  return { ...keys.billProduct(product.code), entity: BILL_PRODUCT_ENTITY, ...product };
}

export async function getBillProduct(code: string): Promise<BillProduct | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.billProduct(code), ConsistentRead: true }));
  return Item && Item.entity === BILL_PRODUCT_ENTITY ? stored.billProduct.read(Item) : undefined;
}

export async function listBillProducts(): Promise<BillProduct[]> {
  return (await queryPrefix(partitionQuery.billProducts, { consistent: true }))
    .filter((item) => item.entity === BILL_PRODUCT_ENTITY)
    .map((item) => stored.billProduct.read(item));
}

/** Replaces a row only while it is as the caller read it: 'changed_meanwhile' otherwise. */
export async function replaceBillProduct(product: BillProduct, readUpdatedAt: string): Promise<'replaced' | 'changed_meanwhile'> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: billProductItem(product),
        ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
        ExpressionAttributeValues: { ':read': readUpdatedAt },
      }),
    );
    return 'replaced';
  } catch (error) {
    if (isConditionFailure(error)) return 'changed_meanwhile';
    throw error;
  }
}

export const dynamoBillProducts = { getBillProduct, listBillProducts, replaceBillProduct };
