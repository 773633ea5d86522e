/**
 * DynamoDB Local starts from a class-data archive (decision 99 (docs/decisions/0099-*)): each test file's own
 * DynamoDB Local spent 2.0 CPU-s loading and verifying the same classes; mapped from the archive,
 * 1.2. Class-data sharing refuses a directory on the class path, so the class path must hold jars only.
 */
import { existsSync, statSync } from 'node:fs';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoDbLocalCommand, localDynamoClient, prepareDynamoDbLocalArchive, startDynamoDbLocal } from '../../../infra/local/runtime/dynamodb.js';

const classPathOf = (args: string[]) => args[args.indexOf('-cp') + 1]!.split(':');

describe('DynamoDB Local class-data sharing', () => {
  it('the class path holds jars only (a folder would make the JVM refuse the archive)', () => {
    for (const entry of classPathOf(dynamoDbLocalCommand({ port: 1 }).args)) {
      expect(entry.endsWith('.jar') || entry.endsWith('/*'), entry).toBe(true);
      if (!entry.endsWith('/*')) expect(statSync(entry).isFile(), entry).toBe(true);
    }
  });

  it('once the archive is made, a start maps it and answers as before', async () => {
    await prepareDynamoDbLocalArchive();
    const { args, archive } = dynamoDbLocalCommand({ port: 1 });
    expect(archive && existsSync(archive)).toBe(true);
    expect(args).toContain(`-XX:SharedArchiveFile=${archive}`);
    const dynamo = await startDynamoDbLocal({ startTimeoutMs: 120_000 });
    const client = localDynamoClient(dynamo.endpoint);
    try {
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    } finally {
      client.destroy();
      await dynamo.stop();
    }
  }, 180_000);

  it('rejection: a JVM asked to make an archive does not map one at the same time', () => {
    const { args } = dynamoDbLocalCommand({ port: 1, archiveAtExit: '/tmp/elsewhere.jsa' });
    expect(args).toContain('-XX:ArchiveClassesAtExit=/tmp/elsewhere.jsa');
    expect(args.some((arg) => arg.startsWith('-XX:SharedArchiveFile='))).toBe(false);
  });
});
