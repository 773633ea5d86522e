import { describe, expect, it } from 'vitest';
import { NETWORK_NAMES } from './constants.js';
import { BALANCE_CHECK_CODES, NETWORK_PREFIXES, networkOfNumber, prefixOfNumber } from './networks.js';

describe('the network of a Nigerian number', () => {
  it('is read from its prefix for every network (numbers of other networks once bought on MTN by mistake)', () => {
    expect(networkOfNumber('08051234567')).toBe('GLO');
    expect(networkOfNumber('08021234567')).toBe('AIRTEL');
    expect(networkOfNumber('09091234567')).toBe('9MOBILE');
    expect(networkOfNumber('07031234567')).toBe('MTN');
    expect(networkOfNumber('07025123456')).toBe('MTN');
    expect(networkOfNumber('+2348151234567')).toBe('GLO');
    expect(networkOfNumber('234 812 123 4567')).toBe('AIRTEL');
  });

  it('is unknown for a prefix of no listed network, or too few digits to tell', () => {
    expect(networkOfNumber('08011111111')).toBeNull();
    expect(networkOfNumber('0702')).toBeNull();
    expect(networkOfNumber('080')).toBeNull();
    expect(networkOfNumber('')).toBeNull();
  });

  it('gives every prefix to exactly one network, and the prefix that decided', () => {
    const all = Object.values(NETWORK_PREFIXES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(prefixOfNumber('07026123456')).toBe('07026');
    expect(prefixOfNumber('08031234567')).toBe('0803');
  });

  it('has balance-check codes for every network', () => {
    for (const network of NETWORK_NAMES) expect(BALANCE_CHECK_CODES[network].data).toMatch(/^\*[\d*]+#$/);
  });
});
