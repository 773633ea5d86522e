/**
 * `npm run migrate:contacts -- --table <name> [--region r] [--endpoint url] [--dry-run]`: the one-off
 * pass that removes the old 30-day expiry (the table's TTL attribute) from every contact saved before
 * contacts were kept for good (README decision 51), so DynamoDB's TTL deletes none of them. Safe
 * while the functions run and safe to repeat. Run it soon after deploying: a contact whose old expiry
 * passes before it runs (and before its owner lists their contacts) may already be gone.
 */
import { BACKFILL_USAGE, parseBackfillArgs } from './backfill-listing-args.js';

const parsed = parseBackfillArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`[contacts] ${parsed.problem}\n${BACKFILL_USAGE.replace('backfill:listing', 'migrate:contacts')}`);
  process.exit(2);
}
const { args } = parsed;

process.env.TABLE_NAME = args.table;
if (args.region) process.env.AWS_REGION = args.region;
if (args.endpoint) {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = args.endpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
}

// After the environment is set: the adapters read it when first used.
const { keepAllContacts } = await import('../adapters/dynamo/accounts/contacts.js');
try {
  const summary = await keepAllContacts({ dryRun: args.dryRun, onProgress: (s) => console.log(`[contacts] examined ${s.examined}, kept ${s.kept}`) });
  console.log(`[contacts] done: ${summary.examined} contacts had an expiry; ${args.dryRun ? 'dry run, none changed' : `${summary.kept} kept for good`}`);
} catch (error) {
  console.error(`[contacts] stopped: ${error instanceof Error ? error.message : String(error)}; run it again to go on`);
  process.exitCode = 1;
}
