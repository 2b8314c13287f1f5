import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Cat A', { Home: ['view'], StoreProduct: ['view'], deliveryRoute: ['view'] });
  b = await t.tenant('Cat B');
});
afterAll(async () => {
  await t.close();
});

describe('store products', () => {
  it('keeps a price history: the price in force on a date is the one used', async () => {
    const old = await a.manager.post('/api/store-products', {
      storeId: a.storeIds[0],
      name: '調整器',
      salePrice: 35000,
      startDate: '2026-01-01',
      endDate: '2026-05-31',
    });
    expect(old.statusCode).toBe(201);
    expect(await t.lastAudit('store_products', old.json().id)).toMatchObject({
      screen: 'StoreProduct',
      action: 'create',
      groupId: a.groupId,
    });
    const cur = await a.manager.post('/api/store-products', {
      storeId: a.storeIds[0],
      name: '調整器',
      salePrice: 38000,
      startDate: '2026-06-01',
    });
    expect(cur.statusCode).toBe(201);
    const may = (await a.manager.get(`/api/store-products/in-force?storeId=${a.storeIds[0]}&date=2026-05-20`)).json();
    expect(may.map((p: { salePrice: number }) => p.salePrice)).toEqual([35000]);
    const june = (await a.staff.get(`/api/store-products/in-force?storeId=${a.storeIds[0]}&date=2026-06-02`)).json();
    expect(june.map((p: { salePrice: number }) => p.salePrice)).toEqual([38000]);
    const list = (await a.manager.get(`/api/store-products?keyword=${encodeURIComponent('調整')}`)).json();
    expect(list.total).toBe(2);
    const upd = await a.manager.put(`/api/store-products/${cur.json().id}`, {
      storeId: a.storeIds[0],
      name: '調整器',
      salePrice: 39000,
      startDate: '2026-06-01',
    });
    expect(upd.json().salePrice).toBe(39000);
    expect(await t.lastAudit('store_products', cur.json().id)).toMatchObject({ action: 'edit' });
  });

  it('validates (end before start, missing name, negative price) with field messages', async () => {
    const res = await a.manager.post('/api/store-products', {
      storeId: a.storeIds[0],
      name: '',
      salePrice: -5,
      startDate: '2026-06-01',
      endDate: '2026-05-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toBe('This field is required');
    expect(res.json().errors.salePrice).toBeTruthy();
    const order = await a.manager.post('/api/store-products', {
      storeId: a.storeIds[0],
      name: 'x',
      salePrice: 5,
      startDate: '2026-06-01',
      endDate: '2026-05-01',
    });
    expect(order.json().errors.endDate).toBe('The end date must not be before the start date');
  });

  it('403 without permission, 404 across tenants, delete audited', async () => {
    const p = (
      await a.manager.post('/api/store-products', { storeId: a.storeIds[1], name: '警報器', salePrice: 80000, startDate: '2026-01-01' })
    ).json();
    expect(
      (await a.staff.post('/api/store-products', { storeId: a.storeIds[0], name: 'x', salePrice: 1, startDate: '2026-01-01' })).statusCode,
    ).toBe(403);
    expect((await a.staff.del(`/api/store-products/${p.id}`)).statusCode).toBe(403);
    expect(
      (await b.manager.put(`/api/store-products/${p.id}`, { storeId: b.storeIds[0], name: 'x', salePrice: 1, startDate: '2026-01-01' }))
        .statusCode,
    ).toBe(404);
    expect((await b.manager.del(`/api/store-products/${p.id}`)).statusCode).toBe(404);
    expect((await b.manager.get(`/api/store-products/in-force?storeId=${a.storeIds[0]}&date=2026-06-01`)).statusCode).toBe(404);
    expect((await a.manager.del(`/api/store-products/${p.id}`)).statusCode).toBe(204);
    expect(await t.lastAudit('store_products', p.id)).toMatchObject({ action: 'delete' });
  });
});

describe('delivery persons', () => {
  it('lists the group accounts as candidates and saves the selection per store, audited', async () => {
    const cand = (await a.manager.get(`/api/delivery-persons/candidates?storeId=${a.storeIds[0]}`)).json();
    expect(cand.map((c: { userId: number }) => c.userId).sort()).toEqual([a.userIds.manager, a.userIds.staff].sort());
    expect(cand.every((c: { selected: boolean }) => !c.selected)).toBe(true);
    const res = await a.manager.put('/api/delivery-persons', { storeId: a.storeIds[0], userIds: [a.userIds.staff] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { userId: number }) => p.userId)).toEqual([a.userIds.staff]);
    expect(await t.lastAudit('delivery_persons', a.storeIds[0])).toMatchObject({
      screen: 'deliveryPerson',
      after: { storeId: a.storeIds[0], userIds: [a.userIds.staff] },
    });
    const again = (await a.manager.get(`/api/delivery-persons/candidates?storeId=${a.storeIds[0]}`)).json();
    expect(again.find((c: { userId: number }) => c.userId === a.userIds.staff).selected).toBe(true);
  });

  it("refuses another group's user on the field, 404 for another group's store, 403 without permission", async () => {
    const res = await a.manager.put('/api/delivery-persons', { storeId: a.storeIds[0], userIds: [b.userIds.staff] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.userIds).toBeTruthy();
    expect((await b.manager.put('/api/delivery-persons', { storeId: a.storeIds[0], userIds: [] })).statusCode).toBe(404);
    expect((await b.manager.get(`/api/delivery-persons/candidates?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await a.staff.put('/api/delivery-persons', { storeId: a.storeIds[0], userIds: [] })).statusCode).toBe(403);
    const bad = await a.manager.put('/api/delivery-persons', { storeId: 'x', userIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.storeId).toBeTruthy();
  });
});

describe('delivery routes', () => {
  it('creates, lists, edits and deletes routes; the map carries stores and rings at ROUTE_RING_RED_KM', async () => {
    const body = {
      storeId: a.storeIds[0],
      address: '內湖科學園區',
      latitude: 25.08,
      longitude: 121.57,
      distanceM: 8500,
      durationMin: 25,
      amountPerDispatch: 15000,
      remarks: null,
    };
    const res = await a.manager.post('/api/delivery-routes', body);
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect(await t.lastAudit('delivery_routes', id)).toMatchObject({ screen: 'deliveryRoute', action: 'create' });
    const list = (await a.staff.get('/api/delivery-routes')).json();
    expect(list.items[0]).toMatchObject({ address: '內湖科學園區', distanceM: 8500, storeName: 'Cat A store A' });
    const map = (await a.staff.get('/api/delivery-routes/map')).json();
    expect(map.rings).toEqual([
      { color: 'blue', km: 6.7 },
      { color: 'yellow', km: 13.3 },
      { color: 'red', km: 20 },
    ]);
    expect(map.stores).toHaveLength(1); // the staff user works in store A only
    expect(map.routes).toHaveLength(1);
    const upd = await a.manager.put(`/api/delivery-routes/${id}`, { ...body, durationMin: 30 });
    expect(upd.json().durationMin).toBe(30);
    expect((await b.manager.put(`/api/delivery-routes/${id}`, { ...body, storeId: b.storeIds[0] })).statusCode).toBe(404);
    expect((await a.staff.post('/api/delivery-routes', body)).statusCode).toBe(403);
    const bad = await a.manager.post('/api/delivery-routes', { ...body, address: '', distanceM: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.address).toBe('This field is required');
    expect(bad.json().errors.distanceM).toBeTruthy();
    expect((await a.manager.del(`/api/delivery-routes/${id}`)).statusCode).toBe(204);
    expect(await t.lastAudit('delivery_routes', id)).toMatchObject({ action: 'delete' });
  });
});
