import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuSetting } from '@gasops/shared';
import { createTestApp, PASSWORD, type Caller, type Tenant, type TestApp } from '../../../test/helpers.js';

// Roles that hold only cylinder screens can use everything those screens call (pickers included:
// a 403 logs the web user out), and POST /cylinders names who holds a cylinder away from the shop.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let customerId: number;
let fillingId: number;
let inspectionId: number;

/** A role made through the roles API, a user of it (first store) made through the users API, signed in. */
async function userWithOnly(code: string, menu: MenuSetting): Promise<Caller> {
  const role = await a.manager.post('/api/system/roles', { name: code, code, menu });
  expect(role.statusCode, role.body).toBe(200);
  expect(role.json().menu).toEqual(menu);
  const user = await a.manager.post('/api/system/users', {
    account: `only-${code}`,
    name: code,
    roleId: role.json().id,
    storeIds: [a.storeIds[0]],
    defaultStoreId: a.storeIds[0],
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(user.statusCode, user.body).toBeLessThan(300);
  return t.login(`only-${code}`, PASSWORD);
}

/** Every GET answers 200. */
async function allOk(caller: Caller, urls: string[]) {
  const answers = await Promise.all(urls.map(async (u) => [u, (await caller.get(u)).statusCode] as const));
  expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(urls.map((u) => [u, 200])));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Access A');
  b = await t.tenant('Access B');
  const customer = await a.manager.post('/api/customers', { storeId: a.storeIds[0], name: '王小明', type: 'residential' });
  expect(customer.statusCode, customer.body).toBeLessThan(300);
  customerId = customer.json().id;
  const site = async (code: string, type: string) => {
    const res = await t.admin.post('/api/system/handling-sites', { code, name: code, type });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().id as number;
  };
  fillingId = await site('FP1', 'filling');
  inspectionId = await site('IA1', 'inspection');
});
afterAll(async () => {
  await t.close();
});

describe('roles holding only cylinder screens', () => {
  it('CylinderMaintenance alone: the registry, its detail, labels and the processing-station picker', async () => {
    const only = await userWithOnly('cylreg', { CylinderMaintenance: ['view', 'create', 'edit'] });
    const created = await only.post('/api/cylinders', {
      storeId: a.storeIds[0],
      containerNo: 'AC0000000001',
      sizeKg: 20,
      locationKind: 'store',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await allOk(only, [
      '/api/auth/me',
      '/api/store/UserDefaultStore',
      '/api/cylinders?keyword=AC',
      `/api/cylinders/${id}`,
      '/api/system/handling-sites?pageSize=500',
      `/api/cylinders/labels.pdf?ids=${id}`,
    ]);
    // Still refused what the role does not hold.
    expect((await only.get('/api/cylinders/stock-documents')).statusCode).toBe(403);
  });

  it('CylinderStockMaintenance alone: the customer and station pickers of a stock document', async () => {
    const only = await userWithOnly('cylstock', { CylinderStockMaintenance: ['view', 'create'] });
    await allOk(only, [
      '/api/cylinders/stock-documents',
      `/api/customers/options?storeId=${a.storeIds[0]}`,
      `/api/customers/options?storeId=${a.storeIds[0]}&keyword=${encodeURIComponent('王')}`,
      '/api/system/handling-sites?pageSize=500',
    ]);
    const options = (await only.get(`/api/customers/options?storeId=${a.storeIds[0]}`)).json();
    expect(options.map((o: { id: number }) => o.id)).toContain(customerId);
  });

  it('penddingDataMaintenance alone: the customer picker of a correction', async () => {
    const only = await userWithOnly('cylpend', { penddingDataMaintenance: ['view', 'edit'] });
    await allOk(only, ['/api/cylinders/pending', `/api/customers/options?storeId=${a.storeIds[0]}`]);
  });

  it('a role without cylinder or customer screens still gets no customer options', async () => {
    const only = await userWithOnly('cylnone', { ScanResultSearch: ['view'] });
    expect((await only.get('/api/customers/options')).statusCode).toBe(403);
  });
});

describe('POST /api/cylinders: where a new cylinder is', () => {
  const body = (over: Record<string, unknown>) => ({ storeId: a.storeIds[0], containerNo: 'AV0000000001', sizeKg: 20, ...over });

  it('needs the customer, filling plant or inspection agency: 400 on locationId in five languages', async () => {
    for (const locationKind of ['customer', 'filling', 'inspection']) {
      const res = await a.manager.post('/api/cylinders', body({ locationKind }));
      expect(res.statusCode, locationKind).toBe(400);
      expect(res.json().errors).toEqual({ locationId: 'Choose the customer, filling plant or inspection agency where the cylinder is' });
    }
    const messages: Record<string, string> = {
      'zh-TW': '請選擇鋼瓶所在的客戶、分裝場或檢驗機構',
      'zh-CN': '请选择钢瓶所在的客户、分装场或检验机构',
      'ja-JP': 'ボンベの所在先（顧客・充填所・検査機関）を選択してください',
      'ms-MY': 'Pilih pelanggan, loji pengisian atau agensi pemeriksaan tempat silinder berada',
    };
    for (const [lang, text] of Object.entries(messages)) {
      const res = await a.manager.post('/api/cylinders', body({ locationKind: 'customer', locationId: '' }), {
        headers: { 'accept-language': lang },
      });
      expect(res.json().errors.locationId, lang).toBe(text);
    }
    // Key-in rows say which row.
    const bulk = await a.manager.post('/api/cylinders/bulk', {
      storeId: a.storeIds[0],
      rows: [body({ locationKind: 'store' }), body({ containerNo: 'AV0000000002', locationKind: 'inspection' })],
    });
    expect(bulk.statusCode).toBe(400);
    expect(Object.keys(bulk.json().errors)).toEqual(['rows.1.locationId']);
  });

  it('refuses another group’s customer and a station of the other kind (400), never a 500', async () => {
    const other = await b.manager.post('/api/customers', { storeId: b.storeIds[0], name: 'B customer', type: 'residential' });
    const foreign = await a.manager.post('/api/cylinders', body({ locationKind: 'customer', locationId: other.json().id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ locationId: 'Invalid format' });
    const wrongKind = await a.manager.post('/api/cylinders', body({ locationKind: 'filling', locationId: inspectionId }));
    expect(wrongKind.json().errors).toEqual({ locationId: 'Invalid format' });
    const missing = await a.manager.post('/api/cylinders', body({ locationKind: 'inspection', locationId: 999_999 }));
    expect(missing.statusCode).toBe(400);
  });

  it('registers a cylinder at a customer (held as a sale) or at a station', async () => {
    const atCustomer = await a.manager.post('/api/cylinders', body({ locationKind: 'customer', locationId: customerId, fill: 'full' }));
    expect(atCustomer.statusCode, atCustomer.body).toBe(201);
    expect(atCustomer.json()).toMatchObject({
      locationKind: 'customer',
      locationId: customerId,
      locationName: '王小明',
      customerId,
      holding: 'sale',
    });
    const atPlant = await a.manager.post(
      '/api/cylinders',
      body({ containerNo: 'AV0000000003', locationKind: 'filling', locationId: fillingId, fill: 'empty' }),
    );
    expect(atPlant.json()).toMatchObject({ locationKind: 'filling', locationId: fillingId, locationName: 'FP1', customerId: null });
    // A place that names no one ignores a stray id.
    const atStore = await a.manager.post(
      '/api/cylinders',
      body({ containerNo: 'AV0000000004', locationKind: 'store', locationId: customerId }),
    );
    expect(atStore.json()).toMatchObject({ locationKind: 'store', locationId: a.storeIds[0], customerId: null });
  });
});

describe('interval tables as system parameters', () => {
  it('a group’s edited steel table drives the suggested deadline and the forms’ rules; other groups keep DOMAIN.md’s', async () => {
    const set = await t.admin.put('/api/system/params', { code: 'CYLINDER_INTERVALS_STEEL', groupId: a.groupId, value: '18:3,30:2' });
    expect(set.statusCode, set.body).toBe(200);
    const bad = await t.admin.put('/api/system/params', { code: 'CYLINDER_INTERVALS_STEEL', groupId: a.groupId, value: 'every 3 years' });
    expect(bad.statusCode).toBe(400);
    const rules = (await a.manager.get('/api/cylinders/inspection-rules')).json();
    expect(rules).toMatchObject({
      steel: [
        { underYears: 18, every: 3 },
        { underYears: 30, every: 2 },
      ],
      composite: [{ underYears: 20, every: 5 }],
      dueDays: 60,
    });
    const cyl = { containerNo: 'IT0000000001', sizeKg: 20, pressureTestDate: '2015-06-01', locationKind: 'store' };
    const mine = await a.manager.post('/api/cylinders', { storeId: a.storeIds[0], ...cyl });
    expect(mine.json()).toMatchObject({ nextInspectionDeadline: '2018-06-01', deadlineSuggested: true });
    const theirs = await b.manager.post('/api/cylinders', { storeId: b.storeIds[0], ...cyl });
    expect(theirs.json()).toMatchObject({ nextInspectionDeadline: '2020-06-01', deadlineSuggested: true });
    expect((await b.manager.get('/api/cylinders/inspection-rules')).json().steel[0]).toEqual({ underYears: 18, every: 5 });
    // The detail's check compares a typed deadline with the group's suggestion.
    const typed = await a.manager.post('/api/cylinders', {
      storeId: a.storeIds[0],
      ...cyl,
      containerNo: 'IT0000000002',
      nextInspectionDeadline: '2020-06-01',
    });
    const detail = (await a.manager.get(`/api/cylinders/${typed.json().id}`)).json();
    expect(detail.deadlineCheck).toMatchObject({ suggested: '2018-06-01', disagrees: true });
  });
});
