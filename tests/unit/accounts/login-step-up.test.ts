import { describe, expect, it } from 'vitest';
import {
  hashLoginCode,
  knownClientIds,
  LOGIN_STEP_UP,
  loginCodeEmail,
  newDeviceToken,
  newLoginCode,
  wellFormedDeviceToken,
} from '../../../functions/domain/accounts/login-step-up.js';
import { clientAddress, viewerAddress } from '../../../functions/middleware/client-address.js';

describe('login step-up past the ceiling', () => {
  it('codes have six digits, leading zeros kept; stored hashed per account', () => {
    expect(newLoginCode(() => 42)).toBe('000042');
    expect(newLoginCode()).toMatch(/^\d{6}$/);
    expect(hashLoginCode('Ada', '123456')).toBe(hashLoginCode('ada ', ' 123456'));
    expect(hashLoginCode('ada', '123456')).not.toBe(hashLoginCode('bob', '123456'));
    expect(hashLoginCode('ada', '123456')).not.toContain('123456');
  });

  it('a client is remembered by its hashed address and, when it sent one, its device token; malformed tokens are ignored', () => {
    const token = newDeviceToken();
    expect(wellFormedDeviceToken(token)).toBe(token);
    expect(wellFormedDeviceToken('short')).toBeUndefined();
    expect(wellFormedDeviceToken(42)).toBeUndefined();
    const ids = knownClientIds({ client: '192.0.2.1', deviceToken: token });
    expect(ids).toHaveLength(2);
    expect(ids.join()).not.toContain('192.0.2.1');
    expect(ids.join()).not.toContain(token);
    expect(knownClientIds({ client: '192.0.2.1' })).toEqual([ids[0]]);
  });

  it('the mail carries the code and how long it works', () => {
    const mail = loginCodeEmail({ to: 'ada@example.com', userName: '<ada>', code: '012345' });
    expect(mail.text).toContain('012345');
    expect(mail.text).toContain(`${LOGIN_STEP_UP.codeTtlSeconds / 60} minutes`);
    expect(mail.html).toContain('&lt;ada&gt;');
  });
});

describe('client address behind CloudFront', () => {
  it('behind the origin secret takes the address from CloudFront-Viewer-Address (IPv4 and unbracketed IPv6 with a port), else the source address', () => {
    expect(viewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(viewerAddress('2001:db8::1:46532')).toBe('2001:db8::1');
    expect(viewerAddress('2001:db8::1:4431')).toBe('2001:db8::1');
    expect(viewerAddress('[2001:db8::1]:46532')).toBe('2001:db8::1');
    expect(viewerAddress('not an address:80')).toBeUndefined();
    expect(viewerAddress('')).toBeUndefined();
    expect(clientAddress({ 'cloudfront-viewer-address': '198.51.100.10:1' }, '10.0.0.1', true)).toBe('198.51.100.10');
    expect(clientAddress({ 'x-forwarded-for': '198.51.100.10' }, '10.0.0.1', true)).toBe('10.0.0.1');
    expect(clientAddress({ 'cloudfront-viewer-address': 'garbage' }, '10.0.0.1', true)).toBe('10.0.0.1');
    // Not known to have come through CloudFront: the header is anyone's to write, and ignored.
    expect(clientAddress({ 'cloudfront-viewer-address': '198.51.100.10:1' }, '10.0.0.1', false)).toBe('10.0.0.1');
  });
});
