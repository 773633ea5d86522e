/**
 * One signed call to an AWS "JSON 1.1" service (SSM, Secrets Manager): a SigV4-signed POST with an
 * `X-Amz-Target` header. Lambdas need exactly two read calls of these services at cold start, and
 * their full SDK clients add ~90 KB each to every bundle (benchmark target ≤ 500 KB), so we sign
 * the request with the SDK's own signer and send it with fetch.
 *
 * Endpoint: AWS_ENDPOINT_URL_<SERVICE>, then AWS_ENDPOINT_URL (LocalStack), then the regional one.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { AWS_ENV } from '../../../shared/runtime-env.js';
import { env } from '../environment.js';

export type JsonRpcService = 'ssm' | 'secretsmanager';

const TARGET_PREFIX: Record<JsonRpcService, string> = { ssm: 'AmazonSSM', secretsmanager: 'secretsmanager' };
const ENDPOINT_VARIABLE = { ssm: AWS_ENV.ssmEndpointUrl, secretsmanager: AWS_ENV.secretsManagerEndpointUrl } as const satisfies Record<JsonRpcService, string>;
const TIMEOUT_MS = 5_000;

/** An error answered by the service (`__type` names it, e.g. ParameterNotFound). */
export class AwsServiceError extends Error {
  constructor(
    readonly service: JsonRpcService,
    readonly type: string,
    readonly statusCode: number,
    message: string,
  ) {
    super(`${service} ${type} (${statusCode}): ${message}`);
    this.name = 'AwsServiceError';
  }
}

let credentials: ReturnType<typeof defaultProvider> | undefined;

function region(): string {
  const value = env(AWS_ENV.region) ?? env(AWS_ENV.defaultRegion);
  if (!value) throw new Error('AWS_REGION is not set');
  return value;
}

export function serviceEndpoint(service: JsonRpcService): URL {
  const configured = env(ENDPOINT_VARIABLE[service]) ?? env(AWS_ENV.endpointUrl);
  return new URL(configured || `https://${service}.${region()}.amazonaws.com/`);
}

/** Calls `<service>.<operation>` with a JSON body and returns the parsed JSON answer. */
export async function callAwsJson<T>(service: JsonRpcService, operation: string, input: Record<string, unknown>): Promise<T> {
  const url = serviceEndpoint(service);
  const body = JSON.stringify(input);
  credentials ??= defaultProvider();
  const signer = new SignatureV4({ service, region: region(), credentials, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    headers: {
      host: url.host,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `${TARGET_PREFIX[service]}.${operation}`,
    },
    body,
  });
  const response = await fetch(url, { method: 'POST', headers: signed.headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  if (!response.ok) {
    const type = String(json.__type ?? 'UnknownError')
      .split('#')
      .pop()!;
    throw new AwsServiceError(service, type, response.status, String(json.message ?? json.Message ?? ''));
  }
  return json as T;
}
