import { afterEach, describe, expect, it } from 'vitest';
import { CLAIM_STALE_MS, MAX_PENDING_AGE_MS, REQUERY_AFTER_MS, STALE_PROCESSING_MS } from '../../../shared/constants.js';
import { sweeperSettingsFromEnv } from '../../../functions/handlers/sweeper.js';

const NAMES = ['SWEEPER_STALE_MS', 'SWEEPER_REQUERY_AFTER_MS', 'SWEEPER_CLAIM_STALE_MS', 'SWEEPER_MAX_PENDING_AGE_MS'];
afterEach(() => NAMES.forEach((name) => delete process.env[name]));

describe('sweeper settings', () => {
  it('default to the shared constants', () => {
    expect(sweeperSettingsFromEnv()).toMatchObject({
      staleProcessingMs: STALE_PROCESSING_MS,
      requeryAfterMs: REQUERY_AFTER_MS,
      claimStaleMs: CLAIM_STALE_MS,
      maxPendingAgeMs: MAX_PENDING_AGE_MS,
    });
  });
  it('may be overridden by environment variables (tests, demos)', () => {
    process.env.SWEEPER_STALE_MS = '200';
    process.env.SWEEPER_REQUERY_AFTER_MS = '0';
    expect(sweeperSettingsFromEnv()).toMatchObject({ staleProcessingMs: 200, requeryAfterMs: 0 });
  });
  it('refuse values that are not whole non-negative milliseconds', () => {
    process.env.SWEEPER_CLAIM_STALE_MS = '-1';
    expect(() => sweeperSettingsFromEnv()).toThrow(/SWEEPER_CLAIM_STALE_MS/);
    process.env.SWEEPER_CLAIM_STALE_MS = 'soon';
    expect(() => sweeperSettingsFromEnv()).toThrow(/non-negative integer/);
  });
});
