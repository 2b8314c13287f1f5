import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { isoOfText, isoOfTextOrNull } from './columns.js';
import { rowsOfResult } from './db.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('isoOfText', () => {
  it('gives what Date gives for PostgreSQL’s timestamptz text, in UTC and in other session time zones', async () => {
    // Instants with 0 to 6 fraction digits, around a year's turn and a leap day, far in the past and future.
    const instants = sql`select (t + n * interval '1.234567 second' + (n % 7) * interval '29 days')::text as text
                           from unnest(array[timestamptz '2024-02-28 23:59:58.9999+00', timestamptz '1999-12-31 23:59:59+00',
                                             timestamptz '0999-06-01 12:00:00+00', timestamptz '9000-12-01 00:00:00.5+00']) as t,
                                generate_series(0, 40) as n
                          union all select (timestamptz '2026-11-27 17:25:32+00' + n * interval '100 millisecond')::text
                           from generate_series(0, 10) as n`;
    for (const zone of ['UTC', 'Asia/Taipei', 'Asia/Kolkata', 'America/St_Johns']) {
      const texts = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('TimeZone', ${zone}, true)`);
        return rowsOfResult<{ text: string }>(await tx.execute(instants)).map((r) => r.text);
      });
      expect(texts.length).toBe(4 * 41 + 11);
      for (const text of texts) {
        // A local mean time offset with seconds ('0999-06-01 08:29:08-03:30:52') is no date to Date: both refuse it.
        let byDate: string | null = null;
        try {
          byDate = new Date(text).toISOString();
        } catch {
          // refused
        }
        if (byDate === null) expect(() => isoOfText(text), `${zone} ${text}`).toThrow(RangeError);
        else expect(isoOfText(text), `${zone} ${text}`).toBe(byDate);
      }
    }
    expect(isoOfText('2026-11-27 17:25:32.530123+00')).toBe('2026-11-27T17:25:32.530Z');
    expect(isoOfText('2026-11-27 17:25:32+00')).toBe('2026-11-27T17:25:32.000Z');
    expect(isoOfText('2026-11-27 17:25:32.5+08')).toBe('2026-11-27T09:25:32.500Z');
    expect(isoOfTextOrNull(null)).toBeNull();
    // Where Date misreads: a year below 100 in this form is taken for 19xx/20xx by Date's legacy parser.
    expect(isoOfText('0099-06-01 12:00:00+00')).toBe('0099-06-01T12:00:00.000Z');
  });
});
