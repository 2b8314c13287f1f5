import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { deviceReadingSchema } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../../test/helpers.js';
import { rowsOfResult } from '../../../platform/db.js';
import { customers } from '../../customers/customers.schema.js';
import { deviceReadings, deviceState, storeDevices } from '../iot.schema.js';
import { parseMessage, parseReading } from './parse-readings.js';

describe('parseReading: the plain-object check accepts exactly what the schema accepts', () => {
  const now = Date.UTC(2026, 0, 1);
  /** The reading the schema alone gives (the parser before its fast path). */
  const viaSchema = (raw: unknown) => {
    const p = deviceReadingSchema.safeParse(raw);
    if (!p.success) return null;
    const ts = new Date(p.data.ts);
    if (Number.isNaN(ts.getTime()) || ts.getTime() > now + 24 * 3600_000) return null;
    return {
      deviceId: 7,
      ts,
      seq: p.data.seq ?? null,
      grossGrams: p.data.grossGrams,
      battery: p.data.battery == null ? null : Math.round(p.data.battery),
      signal: p.data.signal == null ? null : Math.round(p.data.signal),
    };
  };
  const base = { grossGrams: 25000, ts: now - 1000 };
  const cases: unknown[] = [
    base,
    { ...base, battery: 80.6, signal: -70.4, seq: 12 },
    { ...base, battery: null, signal: null, seq: null },
    { ...base, extra: 'ignored' },
    { ...base, grossGrams: 0 },
    { ...base, grossGrams: 500000 },
    { ...base, grossGrams: 500001 },
    { ...base, grossGrams: -1 },
    { ...base, grossGrams: 25000.5 },
    { ...base, grossGrams: '25000' },
    { ...base, battery: 100.1 },
    { ...base, battery: -0.1 },
    { ...base, battery: '80' },
    { ...base, signal: 1 },
    { ...base, signal: -201 },
    { ...base, seq: -1 },
    { ...base, seq: 1.5 },
    { ...base, seq: Number.MAX_SAFE_INTEGER + 2 },
    { ...base, ts: 946684800000 },
    { ...base, ts: 946684799999 },
    { ...base, ts: now + 24 * 3600_000 + 1 },
    { ...base, ts: 1767225599000.5 },
    { ...base, ts: '2025-12-31T23:59:59.123Z' },
    { ...base, ts: '2025-12-31T23:59:59.123+08:00' },
    { ...base, ts: '2025-12-31' },
    { grossGrams: 25000 },
    { ts: now },
    [base],
    null,
    'reading',
    42,
  ];
  it.each(cases.map((c) => [JSON.stringify(c), c]))('%s', (_label, raw) => {
    expect(parseReading(7, raw, now)).toEqual(viaSchema(raw));
  });

  it('parses a message of several readings with one clock', () => {
    const payload = Buffer.from(JSON.stringify([base, { ...base, ts: base.ts + 1, seq: 2 }]));
    expect(parseMessage(7, payload)?.map((r) => r.ts.getTime())).toEqual([base.ts, base.ts + 1]);
    expect(parseMessage(7, Buffer.from('[{"grossGrams":1,"ts":1}]'))).toBeNull();
  });
});

describe('writeBatch: instants and days without Date or ISO strings per reading', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.tenant('Hot path group');
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores millisecond instants exactly, keeps the first of a repeated instant, rolls usage up per UTC day', async () => {
    const created = (await t.admin.post('/api/iot/devices', { serial: 'HOT-1' })).json();
    const deviceId = created.device.id as number;
    await t.admin.post(`/api/iot/devices/${deviceId}/transfer`, {
      groupId: tenant.groupId,
      storeId: tenant.storeIds[0],
      transferDate: '2025-01-01',
    });
    const [c] = await t.db.insert(customers).values({ groupId: tenant.groupId, storeId: tenant.storeIds[0], name: 'Hot path' }).returning();
    const inst = await tenant.manager.post('/api/iot/store-devices', {
      deviceId,
      customerId: c!.id,
      installDate: '2025-01-02',
      capacityKg: 20,
      tareKg: 15,
    });
    expect(inst.statusCode).toBe(200);
    // Readings from before the installation was made (its start is the moment it was entered).
    await t.db
      .update(storeDevices)
      .set({ installedFrom: new Date(Date.UTC(2025, 0, 2)) })
      .where(eq(storeDevices.deviceId, deviceId));
    const midnight = Date.UTC(2025, 5, 2); // 2025-06-02T00:00:00Z
    const a = midnight - 1999; // 23:59:58.001 on June 1
    const b = midnight - 877; // 23:59:59.123 on June 1
    const d = midnight + 999; // 00:00:00.999 on June 2
    // One request: one batch, out of order, with b twice (the first one wins, as the key would).
    const res = await t.anon.post(
      '/api/iot/readings',
      [
        { grossGrams: 30000, ts: a, seq: 1, battery: 90, signal: -60 },
        { grossGrams: 29900, ts: d, seq: 3 },
        { grossGrams: 29950, ts: b, seq: 2 },
        { grossGrams: 10000, ts: b, seq: 9 },
      ],
      { headers: { authorization: `Device HOT-1:${created.secret}` } },
    );
    expect(res.statusCode).toBe(200);
    const stored = await t.db
      .select({ ts: deviceReadings.ts, seq: deviceReadings.seq, grossGrams: deviceReadings.grossGrams })
      .from(deviceReadings)
      .where(eq(deviceReadings.deviceId, deviceId))
      .orderBy(asc(deviceReadings.ts));
    expect(stored.map((r) => [r.ts.getTime(), Number(r.seq), r.grossGrams])).toEqual([
      [a, 1, 30000],
      [b, 2, 29950],
      [d, 3, 29900],
    ]);
    const [state] = await t.db.select().from(deviceState).where(eq(deviceState.deviceId, deviceId));
    expect(state!.lastTs.getTime()).toBe(d);
    expect(state!.anchorTs.getTime()).toBe(a);
    expect(state).toMatchObject({ grossGrams: 29900, battery: 90, signal: -60, readingCount: 3 });
    const rows = rowsOfResult<{ day: string; used_grams: number; refills: number; first_ms: number; last_ms: number }>(
      await t.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, used_grams, refills,
             date_part('epoch', first_ts) * 1000 as first_ms, date_part('epoch', last_ts) * 1000 as last_ms
        from device_usage_daily u join store_devices sd on sd.id = u.store_device_id
       where sd.device_id = ${deviceId} order by day`),
    );
    expect(rows.map((r) => [r.day, r.used_grams, r.refills, Math.round(Number(r.first_ms)), Math.round(Number(r.last_ms))])).toEqual([
      ['2025-06-01', 50, 0, a, b],
      ['2025-06-02', 50, 0, b, d],
    ]);
  });
});
