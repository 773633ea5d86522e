/**
 * One definition of the security headers (shared/security-headers.ts): the CloudFront response
 * headers policy of the synthesized stack says exactly what the local cloud sends (issue 20), so a
 * header changed in one place cannot silently differ in the other.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../shared/security-headers.js';
import { platformTemplate } from '../support/stack-template.js';

type Resource = { Type: string; Properties: Record<string, any> };
let config: Record<string, any>;

beforeAll(async () => {
  const resources = (await platformTemplate()).Resources as Record<string, Resource>;
  const policies = Object.values(resources).filter((r) => r.Type === 'AWS::CloudFront::ResponseHeadersPolicy');
  expect(policies).toHaveLength(1);
  config = policies[0]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
});

/** The CloudFront policy's security headers as a browser receives them. */
function onTheWire(security: Record<string, any>): Record<string, string> {
  const hsts = security.StrictTransportSecurity;
  return {
    'content-security-policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
    'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
    'x-frame-options': security.FrameOptions.FrameOption,
    'x-content-type-options': 'nosniff',
    'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
  };
}

describe('security headers: the cloud and the local cloud send the same', () => {
  it('the CloudFront policy, read as headers, is exactly the shared definition the local cloud sends', () => {
    expect(config.ContentTypeOptions).toEqual({ Override: true });
    expect(onTheWire(config)).toEqual(SECURITY_HEADERS);
  });

  it('every header of the policy overrides whatever an origin sends', () => {
    for (const name of ['ContentSecurityPolicy', 'StrictTransportSecurity', 'FrameOptions', 'ContentTypeOptions', 'ReferrerPolicy'])
      expect(config[name].Override, name).toBe(true);
  });
});
