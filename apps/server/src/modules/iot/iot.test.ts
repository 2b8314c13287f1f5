import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { dateIn } from '@gasops/shared';
import { createTestApp, whenTaipeiIsAheadOfUtcDate, type Tenant, type TestApp } from '../../../test/helpers.js';
import { actionLog } from '../../platform/platform.schema.js';
import { iotRuntime, iotTuning } from './ingestion/runtime.js';
import { customers } from '../customers/customers.schema.js';
import { devices, deviceReadings, deviceState, iotAlerts, storeDevices } from './iot.schema.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const cust = {} as Record<'a1' | 'a2' | 'a3' | 'a4' | 'aNoGeo' | 'b1', number>;

const H = 3_600_000;
const auditOf = async (entity: string, action: string) =>
  t.db
    .select()
    .from(actionLog)
    .where(and(eq(actionLog.entity, entity), eq(actionLog.action, action)))
    .orderBy(desc(actionLog.id))
    .limit(1);

async function addCustomer(tenant: Tenant, storeIdx: 0 | 1, name: string, latitude: number | null, longitude: number | null) {
  const [c] = await t.db
    .insert(customers)
    .values({ groupId: tenant.groupId, storeId: tenant.storeIds[storeIdx], name, address: `${name} road`, latitude, longitude })
    .returning();
  return c!.id;
}

/** Creates a device (admin), transfers it to a tenant's store, returns id, serial and secret. */
async function deviceFor(tenant: Tenant, serial: string, storeIdx: 0 | 1 = 0) {
  const created = await t.admin.post('/api/iot/devices', { serial });
  expect(created.statusCode).toBe(200);
  const { device, secret } = created.json();
  const tr = await t.admin.post(`/api/iot/devices/${device.id}/transfer`, {
    groupId: tenant.groupId,
    storeId: tenant.storeIds[storeIdx],
    transferDate: '2025-01-01',
  });
  expect(tr.statusCode).toBe(200);
  return { id: device.id as number, serial, secret: secret as string };
}

const post = (serial: string, secret: string, body: unknown) =>
  t.anon.post('/api/iot/readings', body, { headers: { authorization: `Device ${serial}:${secret}` } });

beforeAll(async () => {
  // Evaluate alerts with every reading (production batches them per device every 2 s).
  iotTuning.pipeline = { alertIntervalMs: 0 };
  t = await createTestApp();
  a = await t.tenant('IoT A', { Home: ['view'], residualGas: ['view'] });
  b = await t.tenant('IoT B');
  cust.a1 = await addCustomer(a, 0, 'Alice', 25.05, 121.52);
  cust.a2 = await addCustomer(a, 0, 'Amy', 25.0545, 121.52); // ~0.5 km north of Alice
  cust.a3 = await addCustomer(a, 0, 'Arthur', 25.07, 121.52); // ~2.2 km north
  cust.a4 = await addCustomer(a, 0, 'Anna', 25.0505, 121.5205); // ~75 m, full cylinder
  cust.aNoGeo = await addCustomer(a, 0, 'Nowhere', null, null);
  cust.b1 = await addCustomer(b, 0, 'Bob', 25.0501, 121.5201);
});
afterAll(async () => {
  await t.close();
});

describe('devices (platform administrator)', () => {
  it('creates a device, shows its secret once and stores only a hash; audited', async () => {
    const res = await t.admin.post('/api/iot/devices', { serial: 'SCALE-001', remark: 'first' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.device).toMatchObject({ serial: 'SCALE-001', transferred: false, groupId: null });
    const [row] = await t.db.select().from(devices).where(eq(devices.serial, 'SCALE-001'));
    expect(row!.secretHash).not.toContain(body.secret);
    expect(row!.secretHash).toHaveLength(64);
    const [log] = await auditOf('devices', 'create');
    expect(log).toMatchObject({ entityId: String(row!.id), screen: 'Device' });
    expect(JSON.stringify(log!.after)).not.toContain('secret');
    expect((await t.admin.post('/api/iot/devices', { serial: 'SCALE-001' })).statusCode).toBe(409);
  });

  it('validates the serial with a field message', async () => {
    const res = await t.admin.post('/api/iot/devices', { serial: 'bad serial!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.serial).toBe('Invalid format');
  });

  it('is the platform administrator only (403 for a group manager)', async () => {
    expect((await a.manager.get('/api/iot/devices')).statusCode).toBe(403);
    expect((await a.manager.post('/api/iot/devices', { serial: 'X-1' })).statusCode).toBe(403);
    expect((await a.manager.post('/api/iot/devices/provision', { count: 1, storeId: a.storeIds[0] })).statusCode).toBe(403);
  });

  it('applies the seed date rules on transfer and recycle, and keeps the transfer record', async () => {
    const { device } = (await t.admin.post('/api/iot/devices', { serial: 'SCALE-002' })).json();
    const bad = await t.admin.post(`/api/iot/devices/${device.id}/transfer`, {
      groupId: a.groupId,
      storeId: a.storeIds[0],
      transferDate: '2025-03-02',
      recycleDate: '2025-03-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.transferDate).toBe('The transfer date must not be later than the recycle date');
    const wrongStore = await t.admin.post(`/api/iot/devices/${device.id}/transfer`, {
      groupId: a.groupId,
      storeId: b.storeIds[0],
      transferDate: '2025-03-01',
    });
    expect(wrongStore.statusCode).toBe(400);
    expect(wrongStore.json().errors.storeId).toBeTruthy();
    const ok = await t.admin.post(`/api/iot/devices/${device.id}/transfer`, {
      groupId: a.groupId,
      storeId: a.storeIds[0],
      transferDate: '2025-03-01',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toBe('Transferred');
    expect(ok.json().device).toMatchObject({ transferred: true, groupId: a.groupId, storeId: a.storeIds[0], transferDate: '2025-03-01' });
    expect((await auditOf('devices', 'transfer'))[0]!.entityId).toBe(String(device.id));

    const early = await t.admin.post(`/api/iot/devices/${device.id}/recycle`, { recycleDate: '2025-02-28' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.recycleDate).toBe('The recycle date must not be earlier than the transfer or uninstall date');
    const rec = await t.admin.post(`/api/iot/devices/${device.id}/recycle`, { recycleDate: '2025-04-01' });
    expect(rec.statusCode).toBe(200);
    expect(rec.json().detail).toBe('Recycled');
    expect(rec.json().device).toMatchObject({ transferred: false, groupId: null, recycleDate: '2025-04-01' });
    const hist = (await t.admin.get(`/api/iot/devices/${device.id}/transfers`)).json().items;
    expect(hist.map((h: { kind: string }) => h.kind)).toEqual(['recycle', 'transfer']);
    expect((await t.admin.post(`/api/iot/devices/99999/recycle`, { recycleDate: '2025-04-01' })).statusCode).toBe(404);
  });

  it('lists, searches and filters devices in SQL', async () => {
    const res = await t.admin.get('/api/iot/devices?keyword=SCALE-00&transferred=no');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((d: { serial: string }) => d.serial)).toEqual(['SCALE-001', 'SCALE-002']);
  });
});

describe('device install (store devices)', () => {
  it('installs a transferred device at a customer of the store; audited; tenants isolated', async () => {
    const dev = await deviceFor(a, 'INST-1');
    const list = (await a.manager.get('/api/iot/store-devices?installed=no')).json();
    expect(list.items.map((i: { serial: string }) => i.serial)).toContain('INST-1');
    expect((await b.manager.get('/api/iot/store-devices')).json().items.map((i: { serial: string }) => i.serial)).not.toContain('INST-1');

    const invalid = await a.manager.post('/api/iot/store-devices', {
      deviceId: dev.id,
      installDate: '2025-05-01',
      capacityKg: 20,
      tareKg: 15,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.customerId).toBe('Please select a customer');
    // Another tenant's device or customer: not found / invalid, never revealed.
    expect(
      (
        await b.manager.post('/api/iot/store-devices', {
          deviceId: dev.id,
          customerId: cust.b1,
          installDate: '2025-05-01',
          capacityKg: 20,
          tareKg: 15,
        })
      ).statusCode,
    ).toBe(404);
    const foreignCustomer = await a.manager.post('/api/iot/store-devices', {
      deviceId: dev.id,
      customerId: cust.b1,
      installDate: '2025-05-01',
      capacityKg: 20,
      tareKg: 15,
    });
    expect(foreignCustomer.statusCode).toBe(400);

    const res = await a.manager.post('/api/iot/store-devices', {
      deviceId: dev.id,
      customerId: cust.a1,
      installDate: '2025-05-01',
      capacityKg: 20,
      tareKg: 15.2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe('Installed');
    expect(res.json().storeDevice).toMatchObject({ capacityGrams: 20000, tareGrams: 15200, customerId: cust.a1 });
    expect((await auditOf('store_devices', 'install'))[0]!.entityId).toBe(String(res.json().storeDevice.id));
    const again = await a.manager.post('/api/iot/store-devices', {
      deviceId: dev.id,
      customerId: cust.a2,
      installDate: '2025-05-01',
      capacityKg: 20,
      tareKg: 15,
    });
    expect(again.statusCode).toBe(409);
    // An installed device cannot be recycled.
    expect((await t.admin.post(`/api/iot/devices/${dev.id}/recycle`, { recycleDate: '2025-06-01' })).statusCode).toBe(409);

    const sdId = res.json().storeDevice.id;
    expect((await b.manager.post(`/api/iot/store-devices/${sdId}/uninstall`, { uninstallDate: '2025-06-01' })).statusCode).toBe(404);
    const early = await a.manager.post(`/api/iot/store-devices/${sdId}/uninstall`, { uninstallDate: '2025-04-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.uninstallDate).toBeTruthy();
    const un = await a.manager.post(`/api/iot/store-devices/${sdId}/uninstall`, { uninstallDate: '2025-06-01' });
    expect(un.statusCode).toBe(200);
    expect(un.json().detail).toBe('Uninstalled');
    expect((await auditOf('store_devices', 'uninstall'))[0]!.entityId).toBe(String(sdId));
    // Seed §5: recycle not earlier than the uninstall date.
    const rec = await t.admin.post(`/api/iot/devices/${dev.id}/recycle`, { recycleDate: '2025-05-15' });
    expect(rec.statusCode).toBe(400);
    expect(rec.json().errors.recycleDate).toBeTruthy();
  });

  it('refuses a user without the StoreDevice screen (403)', async () => {
    expect((await a.staff.get('/api/iot/store-devices')).statusCode).toBe(403);
    expect((await a.staff.post('/api/iot/store-devices', {})).statusCode).toBe(403);
  });

  it('looks up customers of the store for the install form', async () => {
    const res = await a.manager.get(`/api/iot/customers?storeId=${a.storeIds[0]}&keyword=Al`);
    expect(res.json().items.map((c: { name: string }) => c.name)).toEqual(['Alice']);
    expect((await b.manager.get(`/api/iot/customers?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
  });
});

describe('HTTP ingestion, residual gas, alerts', () => {
  let dev: { id: number; serial: string; secret: string };
  let sdId: number;
  const now = Date.now();

  beforeAll(async () => {
    dev = await deviceFor(a, 'HTTP-1');
    const res = await a.manager.post('/api/iot/store-devices', {
      deviceId: dev.id,
      customerId: cust.a2,
      installDate: dateIn('Asia/Taipei', new Date(now - 5 * 24 * H)),
      capacityKg: 20,
      tareKg: 15,
    });
    sdId = res.json().storeDevice.id;
  });

  it('refuses bad credentials (401) and counts them', async () => {
    const before = iotRuntime(t.app).pipeline.metrics.unauthorised;
    expect((await post(dev.serial, 'wrong', { grossGrams: 30000, ts: now })).statusCode).toBe(401);
    expect((await t.anon.post('/api/iot/readings', { grossGrams: 30000, ts: now })).statusCode).toBe(401);
    expect(iotRuntime(t.app).pipeline.metrics.unauthorised).toBe(before + 2);
  });

  it('answers a malformed payload with 400 and a field message, counted', async () => {
    const before = iotRuntime(t.app).pipeline.metrics.malformed;
    const res = await post(dev.serial, dev.secret, { grossGrams: 'heavy', ts: now });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.grossGrams).toBeTruthy();
    expect(iotRuntime(t.app).pipeline.metrics.malformed).toBe(before + 1);
  });

  it('stores readings idempotently, tolerates out-of-order data and computes the analytics', async () => {
    // 4 days at 1 kg/day from 30 kg gross (15 kg gas over a 15 kg tare), sent newest first.
    const readings = Array.from({ length: 9 }, (_, i) => ({
      grossGrams: 30000 - i * 500,
      ts: new Date(now - 4 * 24 * H + i * 12 * H).toISOString(),
      seq: i + 1,
      battery: 90,
      signal: -70,
    })).reverse();
    const res = await post(dev.serial, dev.secret, readings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 9 });
    expect((await post(dev.serial, dev.secret, readings)).statusCode).toBe(200); // re-sent: no duplicates
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceReadings)
      .where(eq(deviceReadings.deviceId, dev.id))) as [{ n: number }];
    expect(n).toBe(9);
    const [state] = await t.db.select().from(deviceState).where(eq(deviceState.deviceId, dev.id));
    expect(state).toMatchObject({ grossGrams: 26000, battery: 90, readingCount: 9 });

    const list = (await a.manager.get('/api/iot/residual-gas?keyword=HTTP-1')).json();
    expect(list.total).toBe(1);
    // remaining 26 − 15 = 11 kg = 55 % of 20 kg; 1 kg/day ÷ 0.52 kg/L = 1.92 L/day; 11 days left.
    expect(list.items[0]).toMatchObject({
      storeDeviceId: sdId,
      remainingGrams: 11000,
      percent: 55,
      usageLitresPerDay: 1.92,
      daysLeft: 11,
      online: true,
      lowGas: false,
    });
    const detail = (await a.manager.get(`/api/iot/residual-gas/${sdId}`)).json();
    expect(detail).toMatchObject({ remainingGrams: 11000, percent: 55, usageLitresPerDay: 1.92, daysLeft: 11, usageGramsPerDay: 1000 });
    const raw = await t.admin.get(`/api/iot/devices/${dev.id}/readings?from=${new Date(now - 2 * 24 * H).toISOString()}&limit=3`);
    expect(raw.json().items.map((r: { grossGrams: number }) => r.grossGrams)).toEqual([26000, 26500, 27000]);
    expect((await a.manager.get(`/api/iot/devices/${dev.id}/readings`)).statusCode).toBe(403);
    const chart = (await a.manager.get(`/api/iot/residual-gas/${sdId}/readings`)).json();
    expect(chart.points).toHaveLength(9);
    expect(chart.points[0].grossGrams).toBe(30000);
  });

  it('stores late data after the latest state without moving it, counts redeliveries as duplicates', async () => {
    const m = iotRuntime(t.app).pipeline.metrics;
    const before = { stored: m.stored, late: m.late, duplicates: m.duplicates };
    const [s0] = await t.db.select().from(deviceState).where(eq(deviceState.deviceId, dev.id));
    // one reading between two stored ones (late, new) and one already stored (a redelivery)
    const lateTs = new Date(now - 4 * 24 * H + 6 * H).toISOString();
    const again = new Date(now - 4 * 24 * H).toISOString();
    const res = await post(dev.serial, dev.secret, [
      { grossGrams: 29800, ts: lateTs, seq: 100 },
      { grossGrams: 30000, ts: again, seq: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    expect({ stored: m.stored - before.stored, late: m.late - before.late, duplicates: m.duplicates - before.duplicates }).toEqual({
      stored: 1,
      late: 1,
      duplicates: 1,
    });
    const [s1] = await t.db.select().from(deviceState).where(eq(deviceState.deviceId, dev.id));
    expect(s1).toMatchObject({ grossGrams: s0!.grossGrams, lastTs: s0!.lastTs, readingCount: s0!.readingCount + 1 });
    const detail = (await a.manager.get(`/api/iot/residual-gas/${sdId}`)).json();
    expect(detail).toMatchObject({ remainingGrams: 11000, usageGramsPerDay: 1000 });
  });

  it('opens a low-gas alert once per episode and closes it after a refill', async () => {
    // Down to 18.4 kg gross = 3.4 kg = 17 % (< 20 %), in two messages: still one episode.
    await post(dev.serial, dev.secret, [{ grossGrams: 18500, ts: now + 60_000 }]);
    await post(dev.serial, dev.secret, [{ grossGrams: 18400, ts: now + 120_000 }]);
    const open = await t.db
      .select()
      .from(iotAlerts)
      .where(and(eq(iotAlerts.storeDeviceId, sdId), eq(iotAlerts.kind, 'lowGas')));
    expect(open).toHaveLength(1);
    expect(open[0]!.closedAt).toBeNull();
    const low = (await a.manager.get('/api/iot/low-gas')).json();
    expect(low.items.map((i: { serial: string }) => i.serial)).toContain('HTTP-1');
    expect((await a.manager.get('/api/iot/residual-gas?lowGas=true')).json().items.map((i: { serial: string }) => i.serial)).toEqual([
      'HTTP-1',
    ]);
    const alert = (await a.manager.get('/api/iot/alerts')).json().items[0];
    expect(alert).toMatchObject({ kind: 'lowGas', serial: 'HTTP-1', customerName: 'Amy' });
    // One click: a suggested gas order for the customer (orders module), once per alert.
    expect((await b.manager.post(`/api/iot/alerts/${alert.id}/order`)).statusCode).toBe(404);
    expect((await a.staff.post(`/api/iot/alerts/${alert.id}/order`)).statusCode).toBe(403);
    const order = await a.manager.post(`/api/iot/alerts/${alert.id}/order`);
    expect(order.statusCode).toBe(200);
    expect(order.json().order).toMatchObject({
      customerId: cust.a2,
      status: 'placed',
      scaleDeviceId: 'HTTP-1',
      gasWeightG: 20000,
      residualGasG: 3400,
    });
    expect((await a.manager.post(`/api/iot/alerts/${alert.id}/order`)).json().orderId).toBe(order.json().orderId);
    expect((await a.manager.get('/api/iot/alerts')).json().items[0].orderId).toBe(order.json().orderId);
    expect((await auditOf('iot_alerts', 'suggestOrder'))[0]!.entityId).toBe(String(alert.id));
    // Refill: a new full cylinder; the refill is not negative usage and clears the alert.
    await post(dev.serial, dev.secret, { grossGrams: 35000, ts: now + 180_000 });
    const after = await t.db
      .select()
      .from(iotAlerts)
      .where(and(eq(iotAlerts.storeDeviceId, sdId), eq(iotAlerts.kind, 'lowGas')));
    expect(after).toHaveLength(1);
    expect(after[0]!.closedAt).not.toBeNull();
    const detail = (await a.manager.get(`/api/iot/residual-gas/${sdId}`)).json();
    expect(detail.percent).toBe(100);
    expect(detail.usageGramsPerDay).toBeGreaterThan(1000);
  });

  it('opens leak, low-battery and offline alerts', async () => {
    const leakDev = await deviceFor(a, 'LEAK-1');
    const r = await a.manager.post('/api/iot/store-devices', {
      deviceId: leakDev.id,
      customerId: cust.a3,
      installDate: '2025-01-02',
      capacityKg: 20,
      tareKg: 15,
    });
    const leakSd = r.json().storeDevice.id;
    // 3 kg lost in 20 minutes = 9 kg/h (> 1 kg/h), battery 5 %.
    await post(leakDev.serial, leakDev.secret, [
      { grossGrams: 34000, ts: now - 20 * 60_000, battery: 5 },
      { grossGrams: 31000, ts: now, battery: 5 },
    ]);
    const kinds = (
      await t.db
        .select()
        .from(iotAlerts)
        .where(and(eq(iotAlerts.storeDeviceId, leakSd), isNull(iotAlerts.closedAt)))
    )
      .map((x) => x.kind)
      .sort();
    expect(kinds).toEqual(['leak', 'lowBattery']);
    // Silent for an hour: the sweep opens an offline alert.
    await t.db
      .update(deviceState)
      .set({ lastSeenAt: new Date(now - H) })
      .where(eq(deviceState.deviceId, leakDev.id));
    await iotRuntime(t.app).sweep();
    const offline = await t.db
      .select()
      .from(iotAlerts)
      .where(and(eq(iotAlerts.storeDeviceId, leakSd), eq(iotAlerts.kind, 'offline')));
    expect(offline).toHaveLength(1);
    await iotRuntime(t.app).sweep();
    expect(
      await t.db
        .select()
        .from(iotAlerts)
        .where(and(eq(iotAlerts.storeDeviceId, leakSd), eq(iotAlerts.kind, 'offline'))),
    ).toHaveLength(1);
    expect((await a.manager.get('/api/iot/residual-gas?offline=true')).json().items.map((i: { serial: string }) => i.serial)).toEqual([
      'LEAK-1',
    ]);
    // A new reading brings it back online and closes the episode.
    await post(leakDev.serial, leakDev.secret, { grossGrams: 31000, ts: now + 1000, battery: 80 });
    const still = await t.db
      .select()
      .from(iotAlerts)
      .where(and(eq(iotAlerts.storeDeviceId, leakSd), isNull(iotAlerts.closedAt)));
    expect(still.map((x) => x.kind)).not.toContain('offline');
    expect(still.map((x) => x.kind)).not.toContain('lowBattery');
  });

  it('keeps other tenants out (404) and checks the residualGas permission (403)', async () => {
    expect((await b.manager.get(`/api/iot/residual-gas/${sdId}`)).statusCode).toBe(404);
    expect((await b.manager.get(`/api/iot/residual-gas/${sdId}/readings`)).statusCode).toBe(404);
    expect((await b.manager.get('/api/iot/residual-gas')).json().items).toEqual([]);
    expect((await b.manager.get('/api/iot/alerts')).json().items).toEqual([]);
    expect((await b.manager.get(`/api/iot/residual-gas?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    const noScreen = await t.tenant('IoT C', { Customer: ['view'] });
    expect((await noScreen.staff.get('/api/iot/residual-gas')).statusCode).toBe(403);
    expect((await noScreen.staff.get('/api/iot/low-gas')).statusCode).toBe(403);
    expect((await noScreen.staff.post('/api/store/nearbyDisabled', { latitude: 25, longitude: 121 })).statusCode).toBe(403);
  });
});

describe('nearby customers under the threshold (POST /api/store/nearbyDisabled)', () => {
  beforeAll(async () => {
    // Amy gets a fresh low device; Arthur (far) is low too; Anna (near) is full; Bob (other tenant) is low and near.
    const near = await deviceFor(a, 'NEAR-1');
    const far = await deviceFor(a, 'FAR-1');
    const full = await deviceFor(a, 'FULL-1');
    const bDev = await deviceFor(b, 'B-NEAR');
    const install = async (tn: Tenant, deviceId: number, customerId: number) =>
      (
        await tn.manager.post('/api/iot/store-devices', { deviceId, customerId, installDate: '2025-01-02', capacityKg: 20, tareKg: 15 })
      ).json();
    await t.db
      .update(storeDevices)
      .set({ uninstallDate: dateIn('Asia/Taipei') })
      .where(eq(storeDevices.customerId, cust.a2));
    await install(a, near.id, cust.a2);
    await install(a, far.id, cust.a3);
    await install(a, full.id, cust.a4);
    await install(b, bDev.id, cust.b1);
    const ts = Date.now();
    await post('NEAR-1', near.secret, { grossGrams: 16000, ts }); // 5 %
    await post('FAR-1', far.secret, { grossGrams: 16000, ts });
    await post('FULL-1', full.secret, { grossGrams: 34000, ts }); // 95 %
    await post('B-NEAR', bDev.secret, { grossGrams: 15500, ts }); // other tenant, 2.5 %, very close
  });

  it('returns only low-gas customers within 1 km, nearest first, distances from SQL', async () => {
    const res = await a.manager.post('/api/store/nearbyDisabled', { latitude: 25.05, longitude: 121.52 });
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((i: { name: string }) => i.name);
    // Arthur (2.2 km, low) and Anna (full) and Bob (other tenant) are not listed.
    expect(names).toEqual(['Amy']);
    expect(res.json().items[0].distanceKm).toBeCloseTo(0.5, 1);
    expect(res.json().radiusKm).toBe(1);
  });

  it('searches around a customer (excluding them) and refuses other tenants (404)', async () => {
    const res = await a.manager.post('/api/store/nearbyDisabled', { customerId: cust.a4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { name: string }) => i.name)).toEqual(['Amy']);
    expect((await b.manager.post('/api/store/nearbyDisabled', { customerId: cust.a4 })).statusCode).toBe(404);
    const noGeo = await a.manager.post('/api/store/nearbyDisabled', { customerId: cust.aNoGeo });
    expect(noGeo.statusCode).toBe(400);
    expect(noGeo.json().errors.customerId).toBeTruthy();
    const bad = await a.manager.post('/api/store/nearbyDisabled', { latitude: 95, longitude: 121 });
    expect(bad.statusCode).toBe(400);
  });

  it('is allowed to a driver with the gasRound screen', async () => {
    const driver = await t.tenant('IoT D', { gasRound: ['view'] });
    expect((await driver.staff.post('/api/store/nearbyDisabled', { latitude: 25.05, longitude: 121.52 })).statusCode).toBe(200);
  });
});

describe('secret rotation and provisioning', () => {
  it('rotates a secret: the old one stops working at once; audited', async () => {
    const dev = await deviceFor(a, 'ROT-1');
    expect((await post(dev.serial, dev.secret, { grossGrams: 30000, ts: Date.now() })).statusCode).toBe(200);
    const rot = await t.admin.post(`/api/iot/devices/${dev.id}/secret`);
    expect(rot.statusCode).toBe(200);
    const fresh = rot.json().secret as string;
    expect(fresh).not.toBe(dev.secret);
    expect((await post(dev.serial, dev.secret, { grossGrams: 30000, ts: Date.now() + 1 })).statusCode).toBe(401);
    expect((await post(dev.serial, fresh, { grossGrams: 30000, ts: Date.now() + 2 })).statusCode).toBe(200);
    expect((await auditOf('devices', 'rotateSecret'))[0]!.entityId).toBe(String(dev.id));
  });

  it('provisions simulated devices transferred to a store (admin only); re-provisioning re-keys them', async () => {
    const res = await t.admin.post('/api/iot/devices/provision', { count: 3, prefix: 'SIMT', storeId: a.storeIds[1] });
    expect(res.statusCode).toBe(200);
    expect(res.json().devices.map((d: { serial: string }) => d.serial)).toEqual(['SIMT-0001', 'SIMT-0002', 'SIMT-0003']);
    const first = res.json().devices[0];
    expect((await post(first.serial, first.secret, { grossGrams: 30000, ts: Date.now() })).statusCode).toBe(200);
    const again = (await t.admin.post('/api/iot/devices/provision', { count: 1, prefix: 'SIMT', storeId: a.storeIds[1] })).json();
    expect((await post(first.serial, first.secret, { grossGrams: 30000, ts: Date.now() + 5 })).statusCode).toBe(401);
    expect((await post(first.serial, again.devices[0].secret, { grossGrams: 30000, ts: Date.now() + 6 })).statusCode).toBe(200);
    expect((await auditOf('devices', 'provision'))[0]).toBeTruthy();
    // A real device's serial is never taken over.
    expect((await t.admin.post('/api/iot/devices/provision', { count: 1, prefix: 'SCALE', storeId: a.storeIds[1] })).statusCode).toBe(200);
    await t.admin.post('/api/iot/devices', { serial: 'REAL-0001' });
    expect((await t.admin.post('/api/iot/devices/provision', { count: 1, prefix: 'REAL', storeId: a.storeIds[1] })).statusCode).toBe(409);
  });

  it("dates a provisioning transfer by the group's calendar (Asia/Taipei), not UTC's", async () => {
    const at = whenTaipeiIsAheadOfUtcDate();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at);
      expect((await t.admin.post('/api/iot/devices/provision', { count: 1, prefix: 'SIMD', storeId: a.storeIds[0] })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const [row] = await t.db.select().from(devices).where(eq(devices.serial, 'SIMD-0001'));
    expect(row!.transferDate).toBe(dateIn('Asia/Taipei', at));
    expect(row!.transferDate).not.toBe(at.toISOString().slice(0, 10));
  });
});
