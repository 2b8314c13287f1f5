import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dateIn, shiftDate } from '@gasops/shared';
import { rowsOfResult } from '../../platform/db.js';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { scanBatches, scanReadDays } from './cylinders.schema.js';

/**
 * The statistics by day read the per-day rollup of the reads (scan_read_days, migration 0503),
 * kept by triggers on scan_reads: every test compares it with the reads counted directly.
 */
let t: TestApp;
let a: Tenant;
const today = () => dateIn('Asia/Taipei');
const day = (offset: number) => shiftDate(today(), { days: offset });

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Stats A', { CylinderStockMaintenance: ['view', 'create'], ScanResultSearch: ['view'] });
});
afterAll(async () => {
  await t.close();
});

type Counts = { total: number; success: number; failure: number; unprocessed: number; newToday: number; qualified: number };
type Item = Counts & { readerId: number | null; readerName: string | null; bucket: string };

/** The group's reads counted per reader and day straight from scan_reads (the statistics before the rollup). */
async function countedFromReads(groupId: number) {
  return rowsOfResult<Item>(
    await t.db.execute(sql`select r.reader_id as "readerId", s.name as "readerName", to_char(r.read_date, 'YYYY-MM-DD') as bucket,
        count(*)::int as total, (count(*) filter (where result = 'success'))::int as success,
        (count(*) filter (where result = 'failure'))::int as failure, (count(*) filter (where result = 'unprocessed'))::int as unprocessed,
        (count(*) filter (where new_today))::int as "newToday", (count(*) filter (where qualified))::int as qualified
      from scan_reads r left join scan_readers s on s.id = r.reader_id where r.group_id = ${groupId}
      group by 1, 2, 3 order by 3, 2, 1`),
  );
}

async function statistics(query: string): Promise<{ items: Item[]; totals: Counts }> {
  const res = await a.manager.get(`/api/cylinders/scans/statistics?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function cylinder(containerNo: string, over: Record<string, unknown> = {}) {
  const res = await a.manager.post('/api/cylinders', {
    storeId: a.storeIds[0],
    containerNo,
    labelNo: null,
    sizeKg: 20,
    tareG: 15_350,
    material: 'steel',
    pressureTestDate: '2020-06-01',
    lastInspectionDate: null,
    nextInspectionDeadline: day(300),
    locationKind: 'store',
    fill: 'empty',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function scan(batchId: string, scannedAt: string, codes: string[], kind: string | null = 'filling_out', auth?: string) {
  const body = { batchId, scannedAt, kind, codes, ...(auth ? {} : { storeId: a.storeIds[0] }) };
  const res = auth
    ? await t.anon.post('/api/cylinders/reader-scans', body, { headers: { authorization: auth } })
    : await a.staff.post('/api/cylinders/scans', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('scan statistics by day from the daily rollup', () => {
  let gate: number;
  let gateAuth: string;

  it('counts recorded reads per reader and day as the reads themselves do', async () => {
    for (const n of [1, 2, 3]) await cylinder(`ST000000000${n}`);
    await cylinder('ST0000000004', { nextInspectionDeadline: day(-3) });
    const created = (await a.manager.post('/api/cylinders/readers', { storeId: a.storeIds[0], name: 'Gate S', kind: 'gate' })).json();
    gate = created.id;
    gateAuth = `Reader ${created.id}:${created.secret}`;

    const now = new Date().toISOString();
    // A user's batch (no reader): a success, a failure (overdue), an unknown code (unprocessed).
    const first = await scan('st-1', now, ['ST0000000001', 'ST0000000004', 'NOPE-S1']);
    expect(first).toMatchObject({ total: 3, success: 1, failure: 1, unprocessed: 1, newToday: 3, qualified: 1 });
    // The reader's batch of the same day: one code read before today (not new), one new.
    await scan('gate-1', now, ['ST0000000001', 'ST0000000002'], null, gateAuth);
    // A resend adds nothing.
    await scan('gate-1', now, ['ST0000000001', 'ST0000000002'], null, gateAuth);
    // Yesterday's batch of the reader.
    await scan('gate-2', new Date(Date.now() - 86_400_000).toISOString(), ['ST0000000003'], null, gateAuth);

    const direct = await countedFromReads(a.groupId);
    const stats = await statistics(`from=${day(-1)}&to=${today()}`);
    expect(stats.items).toEqual(direct);
    expect(stats.items).toEqual([
      {
        readerId: gate,
        readerName: 'Gate S',
        bucket: day(-1),
        total: 1,
        success: 1,
        failure: 0,
        unprocessed: 0,
        newToday: 1,
        qualified: 1,
      },
      {
        readerId: gate,
        readerName: 'Gate S',
        bucket: today(),
        total: 2,
        success: 2,
        failure: 0,
        unprocessed: 0,
        newToday: 1,
        qualified: 2,
      },
      { readerId: null, readerName: null, bucket: today(), total: 3, success: 1, failure: 1, unprocessed: 1, newToday: 3, qualified: 1 },
    ]);
    expect(stats.totals).toEqual({ total: 6, success: 4, failure: 1, unprocessed: 1, newToday: 5, qualified: 4 });
    // One reader, one day.
    const one = await statistics(`from=${today()}&to=${today()}&readerId=${gate}`);
    expect(one.items.map((i) => [i.bucket, i.total])).toEqual([[today(), 2]]);
    // The rollup itself: one row per store, reader and day.
    const rows = await t.db.select().from(scanReadDays).where(eq(scanReadDays.groupId, a.groupId));
    expect(rows).toHaveLength(3);
  });

  it('follows deleted and changed reads (a day left without reads goes)', async () => {
    // A changed read moves from one count to another.
    await t.db.execute(sql`update scan_reads set result = 'success', reason = null where group_id = ${a.groupId} and code = 'NOPE-S1'`);
    // Deleting a batch deletes its reads (cascade): yesterday's only batch leaves no day behind.
    await t.db.delete(scanBatches).where(eq(scanBatches.batchKey, 'gate-2'));
    const stats = await statistics(`from=${day(-1)}&to=${today()}`);
    expect(stats.items).toEqual(await countedFromReads(a.groupId));
    expect(stats.items.map((i) => [i.readerId, i.bucket, i.total, i.success, i.unprocessed])).toEqual([
      [gate, today(), 2, 2, 0],
      [null, today(), 3, 2, 0],
    ]);
    const rows = await t.db.select().from(scanReadDays).where(eq(scanReadDays.groupId, a.groupId));
    expect(rows.map((r) => r.readDate)).toEqual([today(), today()]);
  });

  it('puts reads either side of the group’s midnight (Asia/Taipei) on their own days', async () => {
    // 23:59:30 and 00:00:30 in Taipei (UTC+8) are 15:59:30 and 16:00:30 UTC of the day before.
    const yesterday = day(-1);
    const late = new Date(`${shiftDate(yesterday, { days: -1 })}T15:59:30Z`);
    const early = new Date(`${shiftDate(yesterday, { days: -1 })}T16:00:30Z`);
    expect(dateIn('Asia/Taipei', late)).toBe(shiftDate(yesterday, { days: -1 }));
    expect(dateIn('Asia/Taipei', early)).toBe(yesterday);
    await cylinder('ST0000000005');
    // The same code before and after midnight: new on each day.
    await scan('mid-1', late.toISOString(), ['ST0000000005', 'NOPE-S2'], null, gateAuth);
    await scan('mid-2', early.toISOString(), ['ST0000000005'], null, gateAuth);

    const byDay = await statistics(`from=${day(-2)}&to=${day(-1)}&readerId=${gate}`);
    expect(byDay.items.map((i) => [i.bucket, i.total, i.success, i.failure, i.newToday])).toEqual([
      [day(-2), 2, 1, 1, 2],
      [day(-1), 1, 1, 0, 1],
    ]);
    expect(byDay.items).toEqual((await countedFromReads(a.groupId)).filter((r) => r.readerId === gate && r.bucket < today()));
    // By hour (counted on the reads' time): the last hour of one day, the first of the next.
    const byHour = await statistics(`from=${day(-2)}&to=${day(-1)}&readerId=${gate}&interval=hour`);
    expect(byHour.items.map((i) => [i.bucket, i.total])).toEqual([
      [`${day(-2)} 23:00`, 2],
      [`${day(-1)} 00:00`, 1],
    ]);
  });
});
