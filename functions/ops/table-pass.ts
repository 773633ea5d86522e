/**
 * The start every one-off pass over the table shares: its command line read (a mistake ends it with
 * the usage, exit code 2), then the environment the adapters read when first used pointed at the
 * table named. The pass imports its adapters only after this.
 */
import { parseBackfillArgs, type BackfillArgs } from './backfill-listing-args.js';

/** The pass's arguments, once the environment names their table (and endpoint and region, when given); `tag` prefixes what it prints. */
export function startTablePass(tag: string, usage: string): BackfillArgs {
  const parsed = parseBackfillArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`[${tag}] ${parsed.problem}\n${usage}`);
    process.exit(2);
  }
  const { args } = parsed;
  process.env.TABLE_NAME = args.table;
  if (args.region) process.env.AWS_REGION = args.region;
  if (args.endpoint) {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = args.endpoint;
    // DynamoDB Local and LocalStack take any credentials and region, but the SDK wants some.
    process.env.AWS_REGION ??= 'us-east-1';
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  }
  return args;
}
