import { describe, expect, it } from 'vitest';
import { dateIn, daysOf, monthEnd, shiftDate } from './dates.js';

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

  it('lists the days of a range and finds month ends', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysOf('2026-01-01', '2026-12-31', 400)).toHaveLength(365);
    expect(daysOf('2020-01-01', '2026-12-31', 400)).toHaveLength(400);
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
  });
});
