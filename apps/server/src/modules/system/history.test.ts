import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { actionLog, loginHistory, menuHistory } from '../../platform/platform.schema.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('History A');
  b = await t.tenant('History B');
  await a.staff.post('/api/system/menu-history', { screen: 'Customer', path: '/manager/Customer' });
  await b.staff.post('/api/system/menu-history', { screen: 'Home', path: '/manager/Home' });
  await t.anon.post('/api/auth/login', { account: 'ghost', password: 'nope12345' });
});
afterAll(async () => {
  await t.close();
});

// The group's date (Asia/Taipei), as the server filters by it — not the UTC date.
const today = dateIn('Asia/Taipei');

describe('login history', () => {
  it('shows the group’s logins, searchable, filtered by date; the platform administrator sees all', async () => {
    const res = await a.manager.get(`/api/system/login-history?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.every((r: { groupName: string; result: string }) => r.groupName === 'History A' && r.result === 'success')).toBe(
      true,
    );
    const staff = (await a.manager.get('/api/system/login-history?keyword=staff')).json();
    expect(staff.items).toHaveLength(1);
    expect(staff.items[0]).toMatchObject({ place: 'admin', result: 'success' });
    expect((await a.manager.get('/api/system/login-history?from=2000-01-01&to=2000-01-02')).json().total).toBe(0);
    const all = (await t.admin.get('/api/system/login-history?keyword=ghost')).json();
    expect(all.items[0]).toMatchObject({ account: 'ghost', result: 'bad_credentials', userId: null });
    const rows = await t.db.select().from(loginHistory);
    expect((await t.admin.get('/api/system/login-history?pageSize=500')).json().total).toBe(rows.length);
  });

  it('validates the date range with a field message and answers 403 without the screen', async () => {
    const res = await a.manager.get('/api/system/login-history?from=2025-02-01&to=2025-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.to).toBe('The end date must not be before the start date');
    expect((await a.manager.get('/api/system/login-history?from=yesterday')).statusCode).toBe(400);
    expect((await a.staff.get('/api/system/login-history')).statusCode).toBe(403);
  });
});

describe('action log', () => {
  it('lists writes of the group with who/screen/action and shows before/after of one entry', async () => {
    const role = (await a.manager.post('/api/system/roles', { name: '查核', code: 'audit' })).json();
    await a.manager.put(`/api/system/roles/${role.id}`, { name: '查核員', code: 'audit' });
    const res = await a.manager.get('/api/system/action-log?entity=roles&keyword=edit');
    expect(res.statusCode).toBe(200);
    const row = res.json().items[0];
    expect(row).toMatchObject({
      entity: 'roles',
      entityId: String(role.id),
      action: 'edit',
      screen: 'Role',
      method: 'PUT',
      hasDiff: true,
      groupName: 'History A',
    });
    expect(row.userName).toMatch(/^Manager/);
    const detail = await a.manager.get(`/api/system/action-log/${row.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().before.name).toBe('查核');
    expect(detail.json().after.name).toBe('查核員');
    // Group B cannot read group A's entries.
    expect((await b.manager.get(`/api/system/action-log/${row.id}`)).statusCode).toBe(404);
    expect(
      (await b.manager.get('/api/system/action-log?entity=roles'))
        .json()
        .items.every((r: { groupName: string }) => r.groupName === 'History B'),
    ).toBe(true);
    expect((await a.staff.get('/api/system/action-log')).statusCode).toBe(403);
    expect((await a.manager.get('/api/system/action-log/abc')).statusCode).toBe(400);
  });

  it('pages in SQL', async () => {
    const rows = await t.db.select().from(actionLog);
    const page = (await t.admin.get('/api/system/action-log?page=1&pageSize=1')).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(rows.length);
  });
});

describe('menu history', () => {
  it('records screens opened and lists them per group, searchable', async () => {
    const res = await a.manager.get('/api/system/menu-history?keyword=Customer');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ screen: 'Customer', path: '/manager/Customer' });
    expect((await a.manager.get('/api/system/menu-history')).json().items.some((r: { screen: string }) => r.screen === 'Home')).toBe(false);
    expect((await t.admin.get('/api/system/menu-history')).json().total).toBe((await t.db.select().from(menuHistory)).length);
    expect((await a.staff.get('/api/system/menu-history')).statusCode).toBe(403);
    expect((await a.manager.get('/api/system/menu-history?pageSize=9999')).statusCode).toBe(400);
    const bad = await a.staff.post('/api/system/menu-history', { screen: 'Nope' });
    expect(bad.statusCode).toBe(400);
  });
});
