import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { storeGroups, stores, users } from '../../platform/platform.schema.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Stores A');
  b = await t.tenant('Stores B');
});
afterAll(async () => {
  await t.close();
});

const group = {
  name: '福氣瓦斯',
  responsiblePerson: '林福氣',
  address: '台北市中山區',
  phone: '02-2521-0000',
  unifiedNumber: '04595257',
  issuesInvoice: true,
  currency: 'TWD',
  timeZone: 'Asia/Taipei',
};

describe('/api/store/group', () => {
  it('creates, reads, edits a store group (platform administrator), each audited', async () => {
    const res = await t.admin.post('/api/store/group', group);
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({ ...group, storeCount: 0, userCount: 0 });
    expect(await t.lastAudit('store_groups', g.id)).toMatchObject({ action: 'create', screen: 'Group', groupId: g.id });
    expect((await t.admin.get(`/api/store/group?id=${g.id}`)).json().name).toBe('福氣瓦斯');
    const list = (await t.admin.get('/api/store/group?keyword=福氣')).json();
    expect(list.items.map((x: { id: number }) => x.id)).toEqual([g.id]);
    const edit = await t.admin.put('/api/store/group', {
      ...group,
      id: g.id,
      name: '福氣瓦斯集團',
      currency: 'myr',
      timeZone: 'Asia/Kuala_Lumpur',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: '福氣瓦斯集團', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur' });
    const audit = await t.lastAudit('store_groups', g.id);
    expect(audit).toMatchObject({ action: 'edit' });
    expect((audit!.before as { name: string }).name).toBe('福氣瓦斯');
  });

  it('validates: UBN digits and checksum, required when issuing invoices, currency and time zone', async () => {
    const res = await t.admin.post('/api/store/group', {
      ...group,
      name: '',
      unifiedNumber: '1234567',
      currency: 'XXQ',
      timeZone: 'Nowhere/City',
    });
    expect(res.statusCode).toBe(400);
    const e = res.json().errors;
    expect(e.name).toBe('This field is required');
    expect(e.unifiedNumber).toBe('The unified business number must be exactly 8 digits');
    expect(e.currency).toBe('Invalid format');
    expect(e.timeZone).toBe('Invalid format');
    const checksum = await t.admin.post(
      '/api/store/group',
      { ...group, unifiedNumber: '12345678' },
      { headers: { 'accept-language': 'zh-TW' } },
    );
    expect(checksum.json().errors.unifiedNumber).toBe('統一編號格式不正確');
    const needUbn = await t.admin.post('/api/store/group', { ...group, unifiedNumber: '' });
    expect(needUbn.json().errors.unifiedNumber).toBe('Please enter the unified business number');
    expect((await t.admin.post('/api/store/group', { ...group, unifiedNumber: '', issuesInvoice: false })).statusCode).toBe(200);
  });

  it('shows a manager only their own group; creating, editing and deleting groups is the platform administrator’s', async () => {
    const mine = (await a.manager.get('/api/store/group')).json();
    expect(mine.items.map((g: { id: number }) => g.id)).toEqual([a.groupId]);
    expect((await a.manager.get(`/api/store/group?id=${b.groupId}`)).statusCode).toBe(404);
    expect((await a.manager.post('/api/store/group', group)).statusCode).toBe(403);
    expect((await a.manager.put('/api/store/group', { ...group, id: a.groupId })).statusCode).toBe(403);
    expect((await a.manager.del('/api/store/group', { id: a.groupId })).statusCode).toBe(403);
    expect((await a.staff.get('/api/store/group')).statusCode).toBe(403);
  });

  it('DELETE with a body: refuses a group in use (409), soft-deletes an empty one', async () => {
    const inUse = await t.admin.del('/api/store/group', { id: a.groupId });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('inUse');
    const empty = (await t.admin.post('/api/store/group', { ...group, name: '空群組' })).json();
    const res = await t.admin.del('/api/store/group', { id: empty.id });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(storeGroups).where(eq(storeGroups.id, empty.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.lastAudit('store_groups', empty.id)).toMatchObject({ action: 'delete' });
    expect((await t.admin.get(`/api/store/group?id=${empty.id}`)).statusCode).toBe(404);
    expect((await t.admin.del('/api/store/group', {})).json().errors.id).toBe('This field is required');
  });

  it('GET/PUT /store/groupuser: group-level staff of a group', async () => {
    const res = await a.manager.get('/api/store/groupuser');
    expect(res.statusCode).toBe(200);
    const rows = res.json().items as { id: number; allStores: boolean }[];
    expect(rows.find((r) => r.id === a.userIds.manager)!.allStores).toBe(true);
    expect(rows.find((r) => r.id === a.userIds.staff)!.allStores).toBe(false);
    const put = await a.manager.put('/api/store/groupuser', { userIds: [a.userIds.manager, a.userIds.staff] });
    expect(put.statusCode).toBe(200);
    expect((await a.staff.get('/api/auth/me')).json().stores).toHaveLength(2);
    expect(await t.lastAudit('store_groups', a.groupId)).toMatchObject({ action: 'setGroupUsers', screen: 'UserManagement' });
    await a.manager.put('/api/store/groupuser', { userIds: [a.userIds.manager] });
    expect((await a.staff.get('/api/auth/me')).json().stores).toHaveLength(1);
    expect((await a.manager.put('/api/store/groupuser', { userIds: [b.userIds.staff] })).statusCode).toBe(400);
    expect((await a.manager.put('/api/store/groupuser', { groupId: b.groupId, userIds: [] })).statusCode).toBe(404);
    expect((await a.manager.get(`/api/store/groupuser?groupId=${b.groupId}`)).statusCode).toBe(404);
    expect((await a.staff.put('/api/store/groupuser', { userIds: [] })).statusCode).toBe(403);
    expect((await t.admin.get(`/api/store/groupuser?groupId=${b.groupId}`)).json().total).toBe(2);
  });
});

const store = {
  name: '福氣瓦斯 大安店',
  responsiblePerson: '陳店長',
  address: '台北市大安區和平東路 1 號',
  phone: '02-2700-0000',
  unifiedNumber: '10458575',
  customerGasPrice: 3600,
  storeGasPrice: 3400,
  issuesInvoice: true,
  latitude: 25.026,
  longitude: 121.543,
};

describe('/api/store', () => {
  it('GET without parameters answers the stores the user may see', async () => {
    const mgr = (await a.manager.get('/api/store')).json();
    expect(mgr.items.map((s: { id: number }) => s.id)).toEqual(a.storeIds);
    const staff = (await a.staff.get('/api/store')).json();
    expect(staff.items.map((s: { id: number }) => s.id)).toEqual([a.storeIds[0]]);
    expect(mgr.items[0]).toMatchObject({ groupId: a.groupId, currency: 'TWD', customerGasPrice: 3600 });
    const admin = (await t.admin.get(`/api/store?groupId=${b.groupId}`)).json();
    expect(admin.items.map((s: { id: number }) => s.id)).toEqual(b.storeIds);
  });

  it('creates a store with money in minor units and a map location; the manager sees it at once; audited', async () => {
    const res = await a.manager.post('/api/store', store);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ ...store, groupId: a.groupId });
    expect(await t.lastAudit('stores', s.id)).toMatchObject({ action: 'create', groupId: a.groupId, screen: 'UserManagement' });
    expect((await a.manager.get(`/api/store/detail?id=${s.id}`)).json().name).toBe(store.name);
    expect((await a.manager.get('/api/auth/me')).json().stores.map((x: { id: number }) => x.id)).toContain(s.id);
  });

  it('validates prices, UBN, coordinates with field messages', async () => {
    const res = await a.manager.post('/api/store', {
      ...store,
      customerGasPrice: 36.5,
      storeGasPrice: -1,
      unifiedNumber: '04595258',
      latitude: 95,
      longitude: null,
    });
    expect(res.statusCode).toBe(400);
    const e = res.json().errors;
    expect(e.customerGasPrice).toBe('Enter a whole number');
    expect(e.storeGasPrice).toBe('Must be at least 0');
    expect(e.unifiedNumber).toBe('The unified business number is not valid');
    expect(e.latitude).toBe('Must be at most 90');
    const half = await a.manager.post('/api/store', { ...store, latitude: 25, longitude: null });
    expect(half.json().errors.longitude).toBe('This field is required');
  });

  it('edits and soft-deletes a store; another group’s store is 404; store-level staff cannot add stores', async () => {
    const s = (await a.manager.post('/api/store', { ...store, name: '暫時店' })).json();
    const edit = await a.manager.put('/api/store', {
      ...store,
      id: s.id,
      name: '暫時店二',
      customerGasPrice: 3700,
      latitude: null,
      longitude: null,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: '暫時店二', customerGasPrice: 3700, latitude: null });
    const audit = await t.lastAudit('stores', s.id);
    expect((audit!.before as { customer_gas_price?: number; customerGasPrice?: number }).customerGasPrice).toBe(3600);
    expect((await b.manager.put('/api/store', { ...store, id: s.id })).statusCode).toBe(404);
    expect((await b.manager.get(`/api/store/detail?id=${s.id}`)).statusCode).toBe(404);
    expect((await b.manager.del('/api/store', { id: s.id })).statusCode).toBe(404);
    await t.db.update(users).set({ defaultStoreId: s.id }).where(eq(users.id, a.userIds.manager));
    expect((await a.manager.del('/api/store', { id: s.id })).statusCode).toBe(200);
    const [row] = await t.db.select().from(stores).where(eq(stores.id, s.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.lastAudit('stores', s.id)).toMatchObject({ action: 'delete' });
    expect((await a.manager.get('/api/store')).json().items.map((x: { id: number }) => x.id)).not.toContain(s.id);
    expect((await a.manager.get('/api/store/UserDefaultStore')).json().storeId).toBe(a.storeIds[0]);
    const storeLevel = await t.tenant('Stores C', { UserManagement: ['view', 'create', 'edit', 'delete'] });
    const refused = await storeLevel.staff.post('/api/store', store);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Only group-level staff can add or delete stores');
    expect((await a.staff.post('/api/store', store)).statusCode).toBe(403);
    expect((await a.staff.get(`/api/store/detail?id=${a.storeIds[1]}`)).statusCode).toBe(404);
  });

  it('lets the platform administrator add a store to a named group', async () => {
    expect((await t.admin.post('/api/store', store)).json().errors.groupId).toBe('This field is required');
    const s = await t.admin.post('/api/store', { ...store, groupId: b.groupId });
    expect(s.statusCode).toBe(200);
    expect(s.json().groupId).toBe(b.groupId);
  });

  it('GET/PUT /store/storeuser: users assigned to a store', async () => {
    const before = (await a.manager.get(`/api/store/storeuser?storeId=${a.storeIds[1]}`)).json() as { id: number; via: string }[];
    expect(before.map((u) => [u.id, u.via])).toEqual([[a.userIds.manager, 'group']]);
    const put = await a.manager.put('/api/store/storeuser', { storeId: a.storeIds[1], userIds: [a.userIds.staff] });
    expect(put.statusCode).toBe(200);
    expect(
      put
        .json()
        .map((u: { id: number; via: string }) => u.via)
        .sort(),
    ).toEqual(['group', 'store']);
    expect((await a.staff.get('/api/auth/me')).json().stores.map((s: { id: number }) => s.id)).toEqual(a.storeIds);
    expect(await t.lastAudit('stores', a.storeIds[1])).toMatchObject({ action: 'setStoreUsers', after: { userIds: [a.userIds.staff] } });
    await a.manager.put('/api/store/storeuser', { storeId: a.storeIds[1], userIds: [] });
    expect((await a.staff.get('/api/auth/me')).json().stores).toHaveLength(1);
    expect((await a.manager.put('/api/store/storeuser', { storeId: a.storeIds[1], userIds: [b.userIds.staff] })).statusCode).toBe(400);
    expect((await a.manager.put('/api/store/storeuser', { storeId: b.storeIds[0], userIds: [] })).statusCode).toBe(404);
    expect((await a.manager.get(`/api/store/storeuser?storeId=${b.storeIds[0]}`)).statusCode).toBe(404);
    expect((await a.manager.get('/api/store/storeuser')).json().errors.storeId).toBeTruthy();
    expect((await a.staff.get(`/api/store/storeuser?storeId=${a.storeIds[0]}`)).statusCode).toBe(403);
  });

  it('GET /store/backgrounduser: active back-office accounts of the caller’s group', async () => {
    const res = await a.manager.get('/api/store/backgrounduser');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([a.userIds.manager, a.userIds.staff].sort());
    expect((await a.manager.get('/api/store/backgrounduser?keyword=staff')).json()).toHaveLength(1);
    expect((await a.manager.get(`/api/store/backgrounduser?groupId=${b.groupId}`)).statusCode).toBe(404);
    expect((await a.manager.get('/api/store/backgrounduser?groupId=x')).statusCode).toBe(400);
    expect((await a.staff.get('/api/store/backgrounduser')).statusCode).toBe(403);
    expect((await t.admin.get(`/api/store/backgrounduser?groupId=${b.groupId}`)).json()).toHaveLength(2);
  });
});
