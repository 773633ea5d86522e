/**
 * `npm run reset`: wipes all local state (DATA_DIR): database, simulator state, captured mail,
 * generated admin password and keys. Refuses while a local cloud is running on it.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { REPO_ROOT, dataDirFromEnv } from '../config.js';
import { runningLock } from './lock.js';

const dataDir = resolve(dataDirFromEnv());

// A mistyped DATA_DIR must not wipe something precious.
const forbidden = new Set(['/', resolve(homedir()), resolve(REPO_ROOT), resolve(REPO_ROOT, '..')]);
if (forbidden.has(dataDir)) {
  console.error(`[reset] refusing to wipe ${dataDir}: that is not a local-cloud data folder`);
  process.exit(1);
}

const running = runningLock(dataDir);
if (running) {
  console.error(`[reset] the local cloud is running (pid ${running.pid}, port ${running.port}); stop it (Ctrl-C) before resetting`);
  process.exit(1);
}

if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) {
  console.log(`[reset] nothing to do: ${dataDir} is empty`);
} else {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`[reset] wiped ${dataDir}; the next start seeds a fresh database and prints a new admin password`);
}
