/**
 * The value CloudFront sends in ORIGIN_SECRET_HEADER: ORIGIN_SECRET directly (local cloud, only when
 * configured), else the Secrets Manager secret named by ORIGIN_SECRET_ARN (cloud), cached per container.
 * Neither set: undefined, and the API checks nothing (the local cloud by default, the LocalStack variant).
 */
import { ENV } from '../../shared/runtime-env.js';
import { getSecret } from './aws/parameters.js';
import { env } from './environment.js';

let cached: Promise<string | undefined> | undefined;

export function expectedOriginSecret(): Promise<string | undefined> {
  cached ??= (async () => {
    const direct = env(ENV.originSecret);
    if (direct !== undefined) return direct;
    const arn = env(ENV.originSecretArn);
    return arn === undefined ? undefined : ((await getSecret(arn, { maxAge: 3600 })) as string);
  })();
  return cached;
}
