/**
 * `npm run smoke -- <base url>`: the smoke test (tests/smoke/smoke.ts) against any deployment.
 *
 * The admin comes from SMOKE_ADMIN_USER / SMOKE_ADMIN_PASSWORD. Defaults suit the local cloud: the
 * user `admin` (or ADMIN_USERNAME), and the password from ADMIN_PASSWORD or, when neither is set,
 * the one the local cloud generated into DATA_DIR/secrets.json (default .local/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirFromEnv } from '../../infra/local/config.js';
import { runSmoke, SmokeFailure } from './smoke.js';

function localCloudAdminPassword(): string | undefined {
  const file = join(dataDirFromEnv(), 'secrets.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { adminPassword?: string }).adminPassword;
}

const baseUrl = process.argv[2] ?? process.env.SMOKE_BASE_URL;
if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
  console.error('usage: npm run smoke -- <base url>   (e.g. http://localhost:3000 or https://d111111abcdef8.cloudfront.net)');
  process.exit(2);
}
const password = process.env.SMOKE_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD ?? localCloudAdminPassword();
if (!password) {
  console.error('no admin password: set SMOKE_ADMIN_PASSWORD (and SMOKE_ADMIN_USER if the admin is not "admin")');
  process.exit(2);
}

try {
  const result = await runSmoke({
    baseUrl,
    admin: { userName: process.env.SMOKE_ADMIN_USER ?? process.env.ADMIN_USERNAME ?? 'admin', password },
    log: (line) => console.log(line),
  });
  console.log(`smoke passed against ${baseUrl} (user ${result.userName})`);
} catch (error) {
  console.error(`smoke FAILED against ${baseUrl}: ${error instanceof SmokeFailure ? error.message : String(error)}`);
  process.exit(1);
}
