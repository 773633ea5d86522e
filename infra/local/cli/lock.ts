/**
 * One running local cloud per DATA_DIR: two DynamoDB Local processes on the same files, or a reset
 * under a running platform, would corrupt state. The lock is a pid file; a stale one (its process
 * gone) is taken over.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'local-cloud.pid';

export interface RunLock {
  pid: number;
  port: number;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock of a platform running on this DATA_DIR, if any. */
export function runningLock(dataDir: string): RunLock | undefined {
  const file = join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8')) as RunLock;
    return lock.pid !== process.pid && isAlive(lock.pid) ? lock : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock; returns an error message when another platform holds it. */
export function acquireRunLock(dataDir: string, port: number): string | undefined {
  const other = runningLock(dataDir);
  if (other) {
    return `another local cloud (pid ${other.pid}, port ${other.port}) is already running with DATA_DIR ${dataDir}; stop it first or set DATA_DIR`;
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() } satisfies RunLock));
  return undefined;
}

export function releaseRunLock(dataDir: string): void {
  const file = join(dataDir, LOCK_FILE);
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8')) as RunLock;
    if (lock.pid === process.pid) rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}
