import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../infra/stack/functions.js';
import { lambdaBuildOptions } from '../bench/bundles.js';

/** The npm packages a function's bundle is made of. */
async function bundledPackages(name: string): Promise<Set<string>> {
  const spec = ALL_FUNCTIONS.find((candidate) => candidate.name === name)!;
  const result = await build({ ...lambdaBuildOptions(spec.entry), write: false, metafile: true, outfile: 'out.mjs', logLevel: 'error' });
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
  return new Set(Object.keys(inputs).flatMap((path) => path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []));
}

describe('Lambda bundles', () => {
  it('take credentials from the environment only, without the SDK chain of SSO, profile and STS clients', async () => {
    const packages = await bundledPackages('PurchasesApi');
    expect(packages).toContain('@aws-sdk/credential-provider-env');
    for (const unused of [
      '@aws-sdk/credential-provider-node',
      '@aws-sdk/credential-provider-sso',
      '@aws-sdk/credential-provider-ini',
      '@aws-sdk/nested-clients',
    ]) {
      expect(packages, unused).not.toContain(unused);
    }
  });

  it('read SSM parameters and secrets without the SSM and Secrets Manager SDK clients', async () => {
    const packages = await bundledPackages('WithdrawalsApi');
    expect(packages).toContain('@smithy/signature-v4');
    expect(packages).not.toContain('@aws-sdk/client-ssm');
    expect(packages).not.toContain('@aws-sdk/client-secrets-manager');
  });
});
