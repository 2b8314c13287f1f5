import { describe, expect, it } from 'vitest';
import { dateIn, shiftDate } from './dates.js';

describe('group calendar dates', () => {
  it('takes the date of a moment in the time zone, not in UTC', () => {
    // 18:00 UTC is already 02:00 the next day in Taipei, and still the same day in Honolulu.
    const at = new Date('2026-11-20T18:00:00Z');
    expect(dateIn('Asia/Taipei', at)).toBe('2026-11-21');
    expect(dateIn('Pacific/Honolulu', at)).toBe('2026-11-20');
  });

  it('moves dates by days and months across month and year ends', () => {
    expect(shiftDate('2026-11-21', { days: -30 })).toBe('2026-10-22');
    expect(shiftDate('2026-03-01', { days: -1 })).toBe('2026-02-28');
    expect(shiftDate('2026-01-15', { months: -2 })).toBe('2025-11-15');
    expect(shiftDate('2026-05-31', { months: -3 })).toBe('2026-02-28');
    expect(shiftDate('2026-12-31', { days: 1 })).toBe('2027-01-01');
  });
});
