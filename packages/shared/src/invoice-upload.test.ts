import { describe, expect, it } from 'vitest';
import { blankRanges, isUploadOverdue, uploadDeadline, uploadKindOf } from './invoices.js';

describe('uploadDeadline (DOMAIN.md: rules since 2025-01-01)', () => {
  it('B2C: 2 days counted from the day after the issue or void', () => {
    expect(uploadDeadline('B2C', '2026-03-03')).toBe('2026-03-05');
    // across a month and a year end
    expect(uploadDeadline('B2C', '2026-02-27')).toBe('2026-03-01');
    expect(uploadDeadline('B2C', '2026-12-31')).toBe('2027-01-02');
  });
  it('B2B: 7 days counted the same way', () => {
    expect(uploadDeadline('B2B', '2026-03-03')).toBe('2026-03-10');
    expect(uploadDeadline('B2B', '2028-02-25')).toBe('2028-03-03'); // leap year: 29 February counts
  });
  it('E0402: 10 days after the period ends', () => {
    expect(uploadDeadline('E0402', '2026-02-28')).toBe('2026-03-10');
    expect(uploadDeadline('E0402', '2026-12-31')).toBe('2027-01-10');
  });
  it('the kind follows the buyer: a unified number makes it B2B', () => {
    expect(uploadKindOf('04595257')).toBe('B2B');
    expect(uploadKindOf(null)).toBe('B2C');
  });
  it('overdue only once the deadline day is over and the platform has not accepted it', () => {
    expect(isUploadOverdue('2026-03-05', '2026-03-05', false)).toBe(false);
    expect(isUploadOverdue('2026-03-05', '2026-03-06', false)).toBe(true);
    expect(isUploadOverdue('2026-03-05', '2026-03-06', true)).toBe(false);
  });
});

describe('blankRanges (E0402)', () => {
  it('an untouched track is one range, a used-up one none', () => {
    expect(blankRanges(100, 149, [])).toEqual([{ begin: 100, end: 149 }]);
    expect(blankRanges(0, 2, [0, 1, 2])).toEqual([]);
  });
  it('the numbers after the last issued one, and holes between, ignoring numbers of other ranges', () => {
    expect(blankRanges(100, 149, [100, 101, 102])).toEqual([{ begin: 103, end: 149 }]);
    expect(blankRanges(100, 109, [101, 104, 105, 109, 7, 200, 104])).toEqual([
      { begin: 100, end: 100 },
      { begin: 102, end: 103 },
      { begin: 106, end: 108 },
    ]);
  });
});
