/**
 * The local cloud's DynamoDB Local listens on 127.0.0.1 only: the jar itself binds every
 * interface, so anyone on the network could read and write the local table. Read from the kernel's
 * own table of listening sockets (/proc/net/tcp and tcp6), so the test sees what a scanner would.
 * A database on disk also has its stream records indexed once the start resolves (decision 102 (docs/decisions/0102-*)).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../../infra/local/runtime/dynamodb.js';

/** Local addresses (kernel hex notation) of the sockets listening on `port`. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A: LISTEN
      const [address, socketPort] = local.split(':');
      if (socketPort === hexPort) addresses.push(address!);
    }
  }
  return addresses;
}

/** 127.0.0.1 as IPv4, as an IPv4-mapped IPv6 address, and ::1 — in /proc's byte order. */
const LOOPBACK = new Set(['0100007F', '0000000000000000FFFF00000100007F', '00000000000000000000000001000000']);

describe('DynamoDB Local of the local cloud', () => {
  let dynamo: DynamoDbLocal;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vtu-ddb-loopback-'));
    dynamo = await startDynamoDbLocal({ dataDir, startTimeoutMs: 150_000 });
  }, 180_000);
  afterAll(async () => {
    await dynamo?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(process.platform === 'linux')('listens on loopback only, never on every interface (0.0.0.0 / ::)', () => {
    const addresses = listeningAddresses(dynamo.port);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(LOOPBACK.has(address), `listening on ${address}`).toBe(true);
  });

  it('has indexed its stream records by stream and by shard, in its own database, by the time it answers', () => {
    // SQLite keeps each index's CREATE statement as text in the file's schema table.
    const database = readFileSync(join(dataDir, 'dynamodb', 'shared-local-instance.db')).toString('latin1');
    expect(database).toContain('CREATE INDEX us_stream_sequence ON us (StreamID, SequenceNumber)');
    expect(database).toContain('CREATE INDEX us_shard_sequence ON us (ShardID, SequenceNumber)');
  });
});
