// Installs dependencies when node_modules is missing or older than the lock file, so that
// `npm start` and `npm test` work as the very first command on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  const status = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' }).status;
  if (status !== 0) process.exit(status ?? 1);
}
