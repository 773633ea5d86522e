import { describe, expect, it } from 'vitest';
import { EventPatternError, compileEventPattern } from '../../../infra/local/runtime/event-pattern.js';

const event = (overrides: Record<string, unknown> = {}) => ({
  version: '0',
  id: 'id-1',
  'detail-type': 'TransactionSettled',
  source: 'vtu.platform',
  account: '123456789012',
  time: '2026-01-01T00:00:00Z',
  region: 'us-east-1',
  resources: ['arn:a', 'arn:b'],
  detail: { status: 'success', amountKobo: 10_000, type: 'airtime', user: { tier: 'reseller' }, tags: ['x', 'y'], note: null },
  ...overrides,
});
const matches = (pattern: unknown, e: unknown = event()) => compileEventPattern(pattern)(e);

describe('exact values', () => {
  it('matches when every field matches one of its values', () => {
    expect(matches({ source: ['vtu.platform'], 'detail-type': ['EmailRequested', 'TransactionSettled'] })).toBe(true);
    expect(matches({ source: ['vtu.platform'], 'detail-type': ['EmailRequested'] })).toBe(false);
  });
  it('matches nested fields, numbers, null and array-valued fields', () => {
    expect(matches({ detail: { user: { tier: ['reseller'] } } })).toBe(true);
    expect(matches({ detail: { amountKobo: [10_000] } })).toBe(true);
    expect(matches({ detail: { amountKobo: ['10000'] } })).toBe(false);
    expect(matches({ detail: { note: [null] } })).toBe(true);
    expect(matches({ detail: { missing: [null] } })).toBe(false);
    expect(matches({ resources: ['arn:b'] })).toBe(true);
    expect(matches({ detail: { tags: ['z'] } })).toBe(false);
  });
  it('does not match a missing field or a non-object where an object is expected', () => {
    expect(matches({ detail: { nothing: ['x'] } })).toBe(false);
    expect(matches({ source: { nested: ['x'] } })).toBe(false);
  });
  it('is case-sensitive unless asked otherwise', () => {
    expect(matches({ source: ['VTU.platform'] })).toBe(false);
    expect(matches({ source: [{ 'equals-ignore-case': 'VTU.PLATFORM' }] })).toBe(true);
  });
  it('matches non-events as false', () => {
    expect(matches({ source: ['x'] }, null)).toBe(false);
    expect(matches({ source: ['x'] }, 'text')).toBe(false);
  });
});

describe('prefix and suffix', () => {
  it('match the start or end of strings only', () => {
    expect(matches({ source: [{ prefix: 'vtu.' }] })).toBe(true);
    expect(matches({ source: [{ prefix: 'aws.' }] })).toBe(false);
    expect(matches({ 'detail-type': [{ suffix: 'Settled' }] })).toBe(true);
    expect(matches({ detail: { amountKobo: [{ prefix: '1' }] } })).toBe(false);
    expect(matches({ source: [{ prefix: { 'equals-ignore-case': 'VTU.' } }] })).toBe(true);
  });
});

describe('anything-but', () => {
  it('excludes one value or a list', () => {
    expect(matches({ detail: { status: [{ 'anything-but': 'failed' }] } })).toBe(true);
    expect(matches({ detail: { status: [{ 'anything-but': ['failed', 'success'] }] } })).toBe(false);
    expect(matches({ detail: { amountKobo: [{ 'anything-but': 10_000 }] } })).toBe(false);
  });
  it('excludes a prefix', () => {
    expect(matches({ source: [{ 'anything-but': { prefix: 'aws.' } }] })).toBe(true);
    expect(matches({ source: [{ 'anything-but': { prefix: 'vtu.' } }] })).toBe(false);
  });
  it('never matches a missing field', () => {
    expect(matches({ detail: { missing: [{ 'anything-but': 'x' }] } })).toBe(false);
  });
});

describe('exists', () => {
  it('tests presence of a leaf field', () => {
    expect(matches({ detail: { status: [{ exists: true }] } })).toBe(true);
    expect(matches({ detail: { missing: [{ exists: true }] } })).toBe(false);
    expect(matches({ detail: { missing: [{ exists: false }] } })).toBe(true);
    expect(matches({ detail: { status: [{ exists: false }] } })).toBe(false);
    expect(matches({ detail: { tags: [{ exists: true }] } })).toBe(true);
  });
  it('treats an object-valued field as not a leaf', () => {
    expect(matches({ detail: { user: [{ exists: true }] } })).toBe(false);
  });
  it('lets exists:false match inside a missing parent', () => {
    expect(matches({ detail: { absent: { child: [{ exists: false }] } } })).toBe(true);
  });
});

describe('numeric', () => {
  it('compares numbers with one or two bounds', () => {
    expect(matches({ detail: { amountKobo: [{ numeric: ['>', 0] }] } })).toBe(true);
    expect(matches({ detail: { amountKobo: [{ numeric: ['>=', 10_000, '<', 20_000] }] } })).toBe(true);
    expect(matches({ detail: { amountKobo: [{ numeric: ['>', 10_000] }] } })).toBe(false);
    expect(matches({ detail: { amountKobo: [{ numeric: ['=', 10_000] }] } })).toBe(true);
    expect(matches({ detail: { amountKobo: [{ numeric: ['<=', 9_999] }] } })).toBe(false);
  });
  it('does not match strings', () => {
    expect(matches({ detail: { status: [{ numeric: ['>', 0] }] } })).toBe(false);
  });
});

describe('alternatives', () => {
  it('matches when any alternative of a field matches', () => {
    expect(matches({ detail: { status: ['failed', { prefix: 'succ' }] } })).toBe(true);
    expect(matches({ detail: { status: ['failed', { prefix: 'ref' }] } })).toBe(false);
  });
});

describe('rejections at load', () => {
  it.each([
    ['wildcard', { source: [{ wildcard: 'vtu.*' }] }],
    ['cidr', { detail: { ip: [{ cidr: '10.0.0.0/8' }] } }],
    ['$or', { $or: [{ source: ['a'] }, { source: ['b'] }] }],
    ['a typo', { source: [{ prefx: 'vtu' }] }],
  ])('rejects %s', (_, pattern) => {
    expect(() => compileEventPattern(pattern, 'rule R')).toThrow(EventPatternError);
    expect(() => compileEventPattern(pattern, 'rule R')).toThrow(/rule R.*unsupported pattern operator/);
  });
  it.each([
    ['a non-object pattern', ['source']],
    ['a scalar leaf', { source: 'vtu.platform' }],
    ['an empty list', { source: [] }],
    ['two operators in one object', { source: [{ prefix: 'a', suffix: 'b' }] }],
    ['a bad numeric operator', { detail: { n: [{ numeric: ['>>', 1] }] } }],
    ['an odd numeric list', { detail: { n: [{ numeric: ['>', 1, '<'] }] } }],
    ['a non-boolean exists', { detail: { n: [{ exists: 'yes' }] } }],
    ['a non-string prefix', { source: [{ prefix: 1 }] }],
  ])('rejects %s', (_, pattern) => expect(() => compileEventPattern(pattern)).toThrow(EventPatternError));
});
