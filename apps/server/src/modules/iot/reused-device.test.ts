import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { customers } from '../customers/customers.schema.js';
import { iotRuntime, iotTuning } from './ingestion/runtime.js';

/**
 * Issue 11, security 1: a scale reused by another tenant. A device is installed at a customer of
 * group A, uninstalled, recycled, transferred to group B and installed there. Each installation
 * shows only the readings taken while it was installed; readings of a device installed nowhere are
 * kept apart (counted, shown to nobody); installation ids are checked against the caller's stores.
 */

const H = 3_600_000;
const M = 60_000;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let dev: { id: number; serial: string; secret: string };
const cust = {} as Record<'a' | 'b', number>;
let sdA: number;
let sdB: number;
const now = Date.now();
const today = dateIn('Asia/Taipei');

const post = (body: unknown) =>
  t.anon.post('/api/iot/readings', body, { headers: { authorization: `Device ${dev.serial}:${dev.secret}` } });

async function addCustomer(tenant: Tenant, name: string) {
  const [c] = await t.db
    .insert(customers)
    .values({ groupId: tenant.groupId, storeId: tenant.storeIds[0], name, address: `${name} road`, latitude: 25.05, longitude: 121.52 })
    .returning();
  return c!.id;
}

type Point = { grossGrams: number; count: number };
const chartOf = async (caller: Tenant['manager'], sd: number) => {
  const res = await caller.get(
    `/api/iot/residual-gas/${sd}/readings?from=${new Date(now - 7 * 24 * H).toISOString()}&to=${new Date(now + 3 * H).toISOString()}`,
  );
  expect(res.statusCode).toBe(200);
  return res.json<{ points: Point[] }>().points;
};
const notInstalledCount = async () => (await t.admin.get('/api/iot/metrics')).json().ingestion.notInstalled as number;

beforeAll(async () => {
  iotTuning.pipeline = { alertIntervalMs: 0 };
  t = await createTestApp();
  a = await t.tenant('Reuse A');
  b = await t.tenant('Reuse B');
  cust.a = await addCustomer(a, 'Alma');
  cust.b = await addCustomer(b, 'Boris');
  const { device, secret } = (await t.admin.post('/api/iot/devices', { serial: 'REUSE-1' })).json();
  dev = { id: device.id, serial: 'REUSE-1', secret };
  expect(
    (await t.admin.post(`/api/iot/devices/${dev.id}/transfer`, { groupId: a.groupId, storeId: a.storeIds[0], transferDate: '2025-01-01' }))
      .statusCode,
  ).toBe(200);
  const inst = await a.manager.post('/api/iot/store-devices', {
    deviceId: dev.id,
    customerId: cust.a,
    installDate: dateIn('Asia/Taipei', new Date(now - 3 * 24 * H)),
    capacityKg: 20,
    tareKg: 15,
  });
  expect(inst.statusCode).toBe(200);
  sdA = inst.json().storeDevice.id;
  // Group A's household: six hourly readings down to 16 kg gross (1 kg of gas, 5 %), battery 10 %.
  const res = await post(
    [19000, 18500, 18000, 17500, 17000, 16000].map((g, i) => ({
      grossGrams: g,
      battery: 10,
      ts: new Date(now - (6 - i) * H).toISOString(),
    })),
  );
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('a scale reused by another store group (A → recycle → B)', () => {
  it('shows group A its own readings while installed there', async () => {
    const row = (await a.manager.get('/api/iot/residual-gas?keyword=REUSE-1')).json().items[0];
    expect(row).toMatchObject({ storeDeviceId: sdA, grossGrams: 16000, battery: 10, lowGas: true, lowBattery: true });
    expect(
      (await a.manager.get('/api/iot/alerts'))
        .json()
        .items.map((x: { kind: string }) => x.kind)
        .sort(),
    ).toEqual(['lowBattery', 'lowGas']);
    expect((await chartOf(a.manager, sdA)).reduce((n, p) => n + p.count, 0)).toBe(6);
  });

  it('uninstalls at A, recycles and transfers to B: B sees nothing of A before installing', async () => {
    const un = await a.manager.post(`/api/iot/store-devices/${sdA}/uninstall`, { uninstallDate: today });
    expect(un.statusCode).toBe(200);
    expect(un.json().storeDevice).toMatchObject({ residualGrams: 1000, usageGrams: 3000 });
    expect((await t.admin.post(`/api/iot/devices/${dev.id}/recycle`, { recycleDate: today })).statusCode).toBe(200);
    expect(
      (await t.admin.post(`/api/iot/devices/${dev.id}/transfer`, { groupId: b.groupId, storeId: b.storeIds[0], transferDate: today }))
        .statusCode,
    ).toBe(200);
    // B's store device screen: the device waits to be installed; A's customer, dates and weights are not B's business.
    const row = (await b.manager.get('/api/iot/store-devices?keyword=REUSE-1')).json().items[0];
    expect(row).toMatchObject({
      serial: 'REUSE-1',
      installed: false,
      storeDeviceId: null,
      customerId: null,
      customerName: null,
      installDate: null,
      residualGrams: null,
      usageGrams: null,
      lastSeenAt: null,
    });
  });

  it('keeps readings of a device installed nowhere apart: stored and counted, shown to nobody', async () => {
    const before = await notInstalledCount();
    // In B's store, not installed: 15.8 kg gross and no battery figure (the last known battery was A's 10 %).
    expect((await post({ grossGrams: 15800, ts: new Date(now - 30 * M).toISOString() })).statusCode).toBe(200);
    expect(await notInstalledCount()).toBe(before + 1);
    const inst = await b.manager.post('/api/iot/store-devices', {
      deviceId: dev.id,
      customerId: cust.b,
      installDate: today,
      capacityKg: 20,
      tareKg: 15,
    });
    expect(inst.statusCode).toBe(200);
    sdB = inst.json().storeDevice.id;
    // A reading of A's time that arrives late (taken before B's installation): B's it is not.
    expect((await post({ grossGrams: 16500, battery: 10, ts: new Date(now - 90 * M).toISOString() })).statusCode).toBe(200);
    expect(await notInstalledCount()).toBe(before + 2);
  });

  it("shows B's new installation none of A's readings (nor those of nobody's) on any view", async () => {
    await iotRuntime(t.app).sweep();
    const list = (await b.manager.get('/api/iot/residual-gas')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      storeDeviceId: sdB,
      grossGrams: null,
      remainingGrams: null,
      percent: null,
      battery: null,
      signal: null,
      lastSeenAt: null,
      usageLitresPerDay: null,
      daysLeft: null,
      online: false,
      lowGas: false,
      lowBattery: false,
      alerts: [],
    });
    const detail = (await b.manager.get(`/api/iot/residual-gas/${sdB}`)).json();
    expect(detail).toMatchObject({ grossGrams: null, battery: null, lastSeenAt: null, usageGramsPerDay: null, lowGas: false });
    expect(await chartOf(b.manager, sdB)).toEqual([]);
    expect((await b.manager.get('/api/iot/low-gas')).json().items).toEqual([]);
    expect((await b.manager.get('/api/iot/alerts?status=all')).json().items).toEqual([]);
    const nearby = (await b.manager.post('/api/store/nearbyDisabled', { latitude: 25.05, longitude: 121.52 })).json();
    expect(nearby.items).toEqual([]);
    const sd = (await b.manager.get('/api/iot/store-devices?keyword=REUSE-1')).json().items[0];
    expect(sd).toMatchObject({
      storeDeviceId: sdB,
      customerId: cust.b,
      installed: true,
      residualGrams: null,
      usageGrams: 0,
      lastSeenAt: null,
    });
  });

  it("shows B only B's readings once they arrive, and A's old installation none of them", async () => {
    // B's household: a full cylinder, 100 g per half hour.
    const res = await post(
      [34000, 33900, 33800].map((g, i) => ({ grossGrams: g, battery: 90, signal: -60, ts: new Date(now + M + i * 30 * M).toISOString() })),
    );
    expect(res.statusCode).toBe(200);
    const row = (await b.manager.get('/api/iot/residual-gas')).json().items[0];
    expect(row).toMatchObject({
      storeDeviceId: sdB,
      grossGrams: 33800,
      remainingGrams: 18800,
      battery: 90,
      lowGas: false,
      lowBattery: false,
    });
    const points = await chartOf(b.manager, sdB);
    expect(points.reduce((n, p) => n + p.count, 0)).toBe(3);
    expect(points.every((p) => p.grossGrams >= 33800)).toBe(true);
    const detail = (await b.manager.get(`/api/iot/residual-gas/${sdB}`)).json();
    // 200 g in one hour: 4.8 kg a day, from B's readings alone.
    expect(detail.usageGramsPerDay).toBe(4800);
    const sd = (await b.manager.get('/api/iot/store-devices?keyword=REUSE-1')).json().items[0];
    expect(sd).toMatchObject({ residualGrams: 18800, usageGrams: 200 });

    // A's old installation id: A's six readings, nothing of B's (nor the readings nobody owns).
    const old = await chartOf(a.manager, sdA);
    expect(old.reduce((n, p) => n + p.count, 0)).toBe(6);
    expect(old.every((p) => p.grossGrams <= 19000)).toBe(true);
    expect((await a.manager.get(`/api/iot/residual-gas/${sdA}`)).statusCode).toBe(404);
    expect((await a.manager.get('/api/iot/residual-gas')).json().items).toEqual([]);
    expect((await a.manager.get('/api/iot/low-gas')).json().items).toEqual([]);
    const alertsA = (await a.manager.get('/api/iot/alerts?status=all')).json().items;
    expect(alertsA.map((x: { storeDeviceId: number }) => x.storeDeviceId)).toEqual([sdA, sdA]);
    // A suggested order from A's old low-gas alert refunds A's frozen residual, not B's cylinder.
    const lowGas = alertsA.find((x: { kind: string }) => x.kind === 'lowGas');
    const order = await a.manager.post(`/api/iot/alerts/${lowGas.id}/order`);
    expect(order.statusCode).toBe(200);
    expect(order.json().order.residualGasG).toBe(1000);
  });

  it('checks every installation id against the caller (ids are guessable)', async () => {
    expect((await b.manager.get(`/api/iot/residual-gas/${sdA}`)).statusCode).toBe(404);
    expect((await b.manager.get(`/api/iot/residual-gas/${sdA}/readings`)).statusCode).toBe(404);
    expect((await a.manager.get(`/api/iot/residual-gas/${sdB}`)).statusCode).toBe(404);
    expect((await a.manager.get(`/api/iot/residual-gas/${sdB}/readings`)).statusCode).toBe(404);
    expect((await a.manager.post(`/api/iot/store-devices/${sdB}/uninstall`, { uninstallDate: today })).statusCode).toBe(404);
    expect((await a.manager.post('/api/store/nearbyDisabled', { customerId: cust.b })).statusCode).toBe(404);
  });

  it('attributes every raw reading (platform administrator) and shows readings after the last uninstall to nobody', async () => {
    expect((await b.manager.post(`/api/iot/store-devices/${sdB}/uninstall`, { uninstallDate: today })).statusCode).toBe(200);
    const before = await notInstalledCount();
    expect((await post({ grossGrams: 33000, battery: 90, ts: new Date(now + 2 * H).toISOString() })).statusCode).toBe(200);
    expect(await notInstalledCount()).toBe(before + 1);
    expect((await chartOf(b.manager, sdB)).reduce((n, p) => n + p.count, 0)).toBe(3);
    expect((await chartOf(a.manager, sdA)).reduce((n, p) => n + p.count, 0)).toBe(6);
    const raw = (await t.admin.get(`/api/iot/devices/${dev.id}/readings?limit=100`)).json().items as {
      grossGrams: number;
      storeDeviceId: number | null;
    }[];
    const owners = raw.map((r) => [r.grossGrams, r.storeDeviceId]).reverse();
    expect(owners).toEqual([
      [19000, sdA],
      [18500, sdA],
      [18000, sdA],
      [17500, sdA],
      [17000, sdA],
      [16500, null],
      [16000, sdA],
      [15800, null],
      [34000, sdB],
      [33900, sdB],
      [33800, sdB],
      [33000, null],
    ]);
  });
});
