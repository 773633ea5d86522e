import { describe, expect, it } from 'vitest';
import { dayText } from './dates.js';

describe('dayText', () => {
  it('reads a due date as a person does, the day written whatever the time zone', () => {
    expect(dayText('2026-02-02')).toBe('2 Feb 2026');
    expect(dayText('2026-12-31T00:00:00')).toBe('31 Dec 2026');
  });

  it('leaves what is no date as given', () => {
    expect(dayText('next month')).toBe('next month');
    expect(dayText('2026-13-45')).toBe('2026-13-45');
  });
});
