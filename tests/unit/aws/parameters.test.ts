import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

interface Seen {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A stand-in for the SSM and Secrets Manager JSON endpoints that records what it was sent. */
let server: Server;
let seen: Seen[] = [];
const values: Record<string, string> = { '/vtu/suppliers/ALARO/token': 'alaro-token', 'arn:jwt': 'j'.repeat(64) };

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({ headers: request.headers, body });
      const target = String(request.headers['x-amz-target']);
      const name = String(body.Name ?? body.SecretId);
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      if (!(name in values)) {
        response.statusCode = 400;
        response.end(JSON.stringify({ __type: target.startsWith('AmazonSSM') ? 'ParameterNotFound' : 'ResourceNotFoundException', message: 'not found' }));
        return;
      }
      response.end(JSON.stringify(target === 'AmazonSSM.GetParameter' ? { Parameter: { Name: name, Value: values[name] } } : { SecretString: values[name] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv('AWS_ENDPOINT_URL', `http://127.0.0.1:${port}`);
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('AWS_SESSION_TOKEN', 'session');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  vi.resetModules();
});

describe('SSM parameters and secrets without the SDK clients', () => {
  it('reads a SecureString decrypted, with a SigV4-signed AmazonSSM.GetParameter call', async () => {
    const { getParameter } = await import('../../../functions/adapters/aws/parameters.js');
    await expect(getParameter('/vtu/suppliers/ALARO/token', { decrypt: true, maxAge: 300 })).resolves.toBe('alaro-token');
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.headers['x-amz-target']).toBe('AmazonSSM.GetParameter');
    expect(call!.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(call!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ssm\/aws4_request, SignedHeaders=.*x-amz-target.*, Signature=[0-9a-f]{64}$/,
    );
    expect(call!.headers['x-amz-security-token']).toBe('session');
    expect(call!.body).toEqual({ Name: '/vtu/suppliers/ALARO/token', WithDecryption: true });
  });

  it('keeps a value for its max age instead of fetching it on every call', async () => {
    const { getParameter } = await import('../../../functions/adapters/aws/parameters.js');
    for (let i = 0; i < 3; i++) await getParameter('/vtu/suppliers/ALARO/token', { decrypt: true, maxAge: 300 });
    expect(seen).toHaveLength(1);
  });

  it('reads a secret string with secretsmanager.GetSecretValue', async () => {
    const { getSecret } = await import('../../../functions/adapters/aws/parameters.js');
    await expect(getSecret('arn:jwt', { maxAge: 3600 })).resolves.toBe('j'.repeat(64));
    expect(seen[0]!.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(seen[0]!.headers.authorization).toContain('/eu-west-1/secretsmanager/aws4_request');
    expect(seen[0]!.body).toEqual({ SecretId: 'arn:jwt' });
  });

  it('fails loudly, naming the service error, when a parameter does not exist', async () => {
    const { getParameter } = await import('../../../functions/adapters/aws/parameters.js');
    await expect(getParameter('/vtu/missing', { decrypt: true, maxAge: 300 })).rejects.toThrow(/ParameterNotFound/);
  });
});
