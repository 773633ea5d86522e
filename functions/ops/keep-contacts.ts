/**
 * `npm run migrate:contacts -- --table <name> [--region r] [--endpoint url] [--dry-run]`: the one-off
 * pass that removes the old 30-day expiry (the table's TTL attribute) from every contact saved before
 * contacts were kept for good (decision 51 (docs/decisions/0051-*)), so DynamoDB's TTL deletes none of them. Safe
 * while the functions run and safe to repeat. Run it soon after deploying: a contact whose old expiry
 * passes before it runs (and before its owner lists their contacts) may already be gone.
 */
import { BACKFILL_USAGE } from './backfill-listing-args.js';
import { startTablePass } from './table-pass.js';

const args = startTablePass('contacts', BACKFILL_USAGE.replace('backfill:listing', 'migrate:contacts'));

// After the environment is set: the adapters read it when first used.
const { keepAllContacts } = await import('../adapters/dynamo/accounts/contacts.js');
try {
  const summary = await keepAllContacts({ dryRun: args.dryRun, onProgress: (s) => console.log(`[contacts] examined ${s.examined}, kept ${s.kept}`) });
  console.log(`[contacts] done: ${summary.examined} contacts had an expiry; ${args.dryRun ? 'dry run, none changed' : `${summary.kept} kept for good`}`);
} catch (error) {
  console.error(`[contacts] stopped: ${error instanceof Error ? error.message : String(error)}; run it again to go on`);
  process.exitCode = 1;
}
