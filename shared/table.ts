/** DynamoDB single-table layout: declared once, used by the CDK stack and the DynamoDB adapter. */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: {
    /** A user's items (transactions) newest first. */
    byUserCreatedAt: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** All items of one kind (transactions, users) newest first: admin listings. */
    byKindCreatedAt: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** Sparse: purchases not yet final, oldest first, for the sweeper. */
    byOpenSince: { partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  },
} as const;
