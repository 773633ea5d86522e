import { describe, expect, it } from 'vitest';
import { nextPage, pageButtons, previousPage } from './pagination.js';

describe('pagination', () => {
  it('wraps: previous from 1 is the last page, next from the last is 1', () => {
    expect(previousPage(1, 7)).toBe(7);
    expect(nextPage(7, 7)).toBe(1);
    expect(nextPage(3, 7)).toBe(4);
    expect(previousPage(3, 7)).toBe(2);
  });

  it('stays on page 1 when there is at most one page', () => {
    expect(nextPage(1, 1)).toBe(1);
    expect(previousPage(1, 1)).toBe(1);
    expect(nextPage(1, 0)).toBe(1);
    expect(previousPage(1, 0)).toBe(1);
  });

  it('shows every page when they fit', () => {
    expect(pageButtons(2, 5, 15)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows at most 15 buttons for users and 20 for admins, around the current page', () => {
    expect(pageButtons(1, 100, 15)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(pageButtons(50, 100, 15)).toEqual(Array.from({ length: 15 }, (_, i) => i + 43));
    expect(pageButtons(100, 100, 15)).toEqual(Array.from({ length: 15 }, (_, i) => i + 86));
    expect(pageButtons(50, 100, 20)).toHaveLength(20);
    expect(pageButtons(50, 100, 20)).toContain(50);
  });

  it('always contains the current page and stays within range', () => {
    for (let total = 1; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const buttons = pageButtons(current, total, 15);
        expect(buttons).toContain(current);
        expect(buttons[0]).toBeGreaterThanOrEqual(1);
        expect(buttons[buttons.length - 1]).toBeLessThanOrEqual(total);
        expect(buttons.length).toBe(Math.min(total, 15));
      }
    }
  });
});
