/**
 * SSM parameters and Secrets Manager secrets with Powertools' caching (BaseProvider: max age per
 * value, one fetch per container until it expires), fetched by the signed JSON call instead of
 * the SDK clients (see json-rpc.ts for why).
 */
import { BaseProvider } from '@aws-lambda-powertools/parameters/base';
import { callAwsJson } from './json-rpc.js';

interface GetOptions {
  /** Seconds a value is reused before it is fetched again. */
  maxAge: number;
}

class SsmParameters extends BaseProvider {
  constructor() {
    super({});
  }

  protected async _get(name: string, options?: { sdkOptions?: { WithDecryption?: boolean } }): Promise<string | undefined> {
    const answer = await callAwsJson<{ Parameter?: { Value?: string } }>('ssm', 'GetParameter', {
      Name: name,
      WithDecryption: options?.sdkOptions?.WithDecryption ?? false,
    });
    return answer.Parameter?.Value;
  }

  protected async _getMultiple(): Promise<Record<string, unknown> | undefined> {
    throw new Error('not used');
  }
}

class Secrets extends BaseProvider {
  constructor() {
    super({});
  }

  protected async _get(secretId: string): Promise<string | undefined> {
    const answer = await callAwsJson<{ SecretString?: string }>('secretsmanager', 'GetSecretValue', { SecretId: secretId });
    return answer.SecretString;
  }

  protected async _getMultiple(): Promise<Record<string, unknown> | undefined> {
    throw new Error('not used');
  }
}

let ssm: SsmParameters | undefined;
let secrets: Secrets | undefined;

/** One SSM parameter (SecureString decrypted when `decrypt`). */
export async function getParameter(name: string, options: GetOptions & { decrypt?: boolean }): Promise<string | undefined> {
  ssm ??= new SsmParameters();
  const value = await ssm.get(name, { maxAge: options.maxAge, sdkOptions: { WithDecryption: options.decrypt ?? false } });
  return typeof value === 'string' ? value : undefined;
}

/** One Secrets Manager secret string. */
export async function getSecret(secretId: string, options: GetOptions): Promise<string | undefined> {
  secrets ??= new Secrets();
  const value = await secrets.get(secretId, { maxAge: options.maxAge });
  return typeof value === 'string' ? value : undefined;
}
