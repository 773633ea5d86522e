import { describe, expect, it } from 'vitest';
import { classifyRequery, classifySubmission } from '../../../functions/adapters/suppliers/msorg/answers.js';
import { requeryOutcome } from '../../../functions/domain/purchases/suppliers.js';

const http = (status: number, body: unknown) => ({ kind: 'http' as const, status, bodyText: typeof body === 'string' ? body : JSON.stringify(body) });

describe('classifySubmission', () => {
  it('2xx with Status "successful" is delivered, keeping the panel id and api_response', () => {
    expect(classifySubmission(http(201, { id: 1234, Status: 'successful', api_response: 'You have topped up' }))).toMatchObject({
      outcome: 'delivered',
      supplierReference: '1234',
      apiResponse: 'You have topped up',
    });
  });
  it('Status "failed" (any HTTP status) is a definite failure', () => {
    expect(classifySubmission(http(200, { Status: 'failed' })).outcome).toBe('failed');
    expect(classifySubmission(http(400, { error: ['Transaction failed'], Status: 'failed' })).outcome).toBe('failed');
  });
  it('a 4xx is a definite failure (the panel refused it)', () => {
    expect(classifySubmission(http(400, { error: ['Insufficient balance'] })).outcome).toBe('failed');
    expect(classifySubmission(http(401, { detail: 'Invalid token.' })).outcome).toBe('failed');
  });
  it('408 and 409 are ambiguous: they may hide a delivery', () => {
    expect(classifySubmission(http(408, '')).outcome).toBe('ambiguous');
    expect(classifySubmission(http(409, { detail: 'duplicate' })).outcome).toBe('ambiguous');
  });
  it('"processing"/"pending", 5xx, timeouts, network errors and unreadable bodies are ambiguous', () => {
    expect(classifySubmission(http(200, { Status: 'processing' })).outcome).toBe('ambiguous');
    expect(classifySubmission(http(200, { Status: 'Pending' })).outcome).toBe('ambiguous');
    expect(classifySubmission(http(502, '<html>bad gateway</html>')).outcome).toBe('ambiguous');
    expect(classifySubmission({ kind: 'timeout' })).toEqual({ outcome: 'ambiguous', reason: 'timeout' });
    expect(classifySubmission({ kind: 'network_error', message: 'ECONNRESET' }).outcome).toBe('ambiguous');
    expect(classifySubmission(http(200, 'not json'))).toMatchObject({ outcome: 'ambiguous', reason: 'unparseable_body' });
    expect(classifySubmission(http(200, { Status: 'weird' }))).toMatchObject({ outcome: 'ambiguous', reason: 'unknown_status' });
  });
});

describe('classifyRequery', () => {
  it('follows Status on 2xx', () => {
    expect(classifyRequery(http(200, { Status: 'successful', id: 9 })).outcome).toBe('delivered');
    expect(classifyRequery(http(200, { Status: 'failed' })).outcome).toBe('failed');
    expect(classifyRequery(http(200, { Status: 'processing' })).outcome).toBe('ambiguous');
  });
  it('404 is "not_found" (a failure); other 4xx say nothing about the purchase and are ambiguous', () => {
    expect(classifyRequery(http(404, { detail: 'Not found.' }))).toMatchObject({ outcome: 'failed', reason: 'not_found' });
    expect(classifyRequery(http(401, { detail: 'Invalid token.' })).outcome).toBe('ambiguous');
    expect(classifyRequery(http(429, '')).outcome).toBe('ambiguous');
    expect(classifyRequery(http(503, '')).outcome).toBe('ambiguous');
    expect(classifyRequery({ kind: 'timeout' }).outcome).toBe('ambiguous');
  });
  it('not_found counts as failed only once the submission is older than the grace period', () => {
    const notFound = { outcome: 'failed' as const, reason: 'not_found' };
    expect(requeryOutcome(notFound, 5_000, 90_000)).toBe('ambiguous');
    expect(requeryOutcome(notFound, 90_000, 90_000)).toBe('failed');
    expect(requeryOutcome({ outcome: 'failed', reason: 'status_failed' }, 0, 90_000)).toBe('failed');
  });
});
