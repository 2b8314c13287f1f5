import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLATFORM_ONLY_SCREENS, fullMenu, type MenuSetting } from '@gasops/shared';
import { users } from '../src/platform/platform.schema.js';
import { createTestApp, type Caller, type Tenant, type TestApp } from './helpers.js';

/**
 * Nobody climbs above their own access (issue 11, security item 2): a user limited to some stores
 * grants only those stores and never group-level access (all stores), to others or to themselves;
 * nobody changes an account that can do or reach more than they can; and the store group always
 * keeps a manager (an active account working in every store that may administer accounts and roles).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every screen but the platform administrator's: what the tenant's group manager holds. */
const managerMenu = Object.fromEntries(
  Object.entries(fullMenu()).filter(([s]) => !PLATFORM_ONLY_SCREENS.includes(s as never)),
) as MenuSetting;

/**
 * A tenant whose "staff" is a store manager: the same menu as the group manager (so no role ceiling
 * stops them) but limited to store A. Only the store limits stand between them and the whole group.
 */
const storeBossTenant = (name: string) => t.tenant(name, managerMenu);

const userBody = (g: Tenant, over: Record<string, unknown> = {}) => ({
  account: `p${Math.random().toString(36).slice(2, 9)}`,
  name: 'Probe',
  email: null,
  roleId: g.roleIds.staff,
  defaultStoreId: g.storeIds[0],
  active: true,
  allStores: false,
  storeIds: [g.storeIds[0]],
  password: 'abcd1234',
  confirmPassword: 'abcd1234',
  ...over,
});

/** The editable fields of a user as GET answers them (what the user form sends back). */
async function editable(id: number) {
  const u = (await t.admin.get(`/api/system/users/${id}`)).json();
  return {
    account: u.account as string,
    name: u.name as string,
    email: u.email as string | null,
    roleId: u.roleId as number,
    defaultStoreId: u.defaultStoreId as number | null,
    active: u.active as boolean,
    allStores: u.allStores as boolean,
    storeIds: u.storeIds as number[],
  };
}

async function row(id: number) {
  const [r] = await t.db.select().from(users).where(eq(users.id, id));
  return r!;
}

const storesOf = async (c: Caller) => ((await c.get('/api/auth/me')).json().stores as { id: number }[]).map((s) => s.id);

describe('store limits: nobody grants stores or group-level access they do not have', () => {
  it('a store-limited user cannot make themselves group-level through PUT /store/groupuser', async () => {
    const g = await storeBossTenant('Priv groupuser self');
    const res = await g.staff.put('/api/store/groupuser', { userIds: [g.userIds.manager, g.userIds.staff] });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors.userIds).toBe('Only group-level staff can give access to every store');
    expect((await row(g.userIds.staff)).allStores).toBe(false);
    expect(await storesOf(g.staff)).toEqual([g.storeIds[0]]);
    // Naming only themselves would also have taken the manager's group-level access away.
    expect((await g.staff.put('/api/store/groupuser', { userIds: [g.userIds.staff] })).statusCode).toBe(403);
    expect((await row(g.userIds.manager)).allStores).toBe(true);
  });

  it('a store-limited user cannot take the group manager’s group-level access away through PUT /store/groupuser', async () => {
    const g = await storeBossTenant('Priv groupuser strip');
    const res = await g.staff.put('/api/store/groupuser', { userIds: [] });
    expect(res.statusCode).toBe(403);
    expect((await row(g.userIds.manager)).allStores).toBe(true);
    // Sending the list unchanged is harmless.
    expect((await g.staff.put('/api/store/groupuser', { userIds: [g.userIds.manager] })).statusCode).toBe(200);
  });

  it('a store-limited user cannot give themselves all stores or another store by editing their own account', async () => {
    const g = await storeBossTenant('Priv self edit');
    const me = await editable(g.userIds.staff);
    const all = await g.staff.put(`/api/system/users/${g.userIds.staff}`, { ...me, allStores: true, storeIds: [] });
    expect(all.statusCode).toBe(403);
    expect(all.json().errors.allStores).toBe('Only group-level staff can give access to every store');
    const more = await g.staff.put(
      `/api/system/users/${g.userIds.staff}`,
      { ...me, storeIds: g.storeIds },
      { headers: { 'accept-language': 'zh-TW' } },
    );
    expect(more.statusCode).toBe(403);
    expect(more.json().errors.storeIds).toBe('只能指派您自己可使用的門市');
    // Nor through the staff list of a store they do not work in (another tenant's store, as far as they know).
    expect((await g.staff.put('/api/store/storeuser', { storeId: g.storeIds[1], userIds: [g.userIds.staff] })).statusCode).toBe(404);
    expect(await storesOf(g.staff)).toEqual([g.storeIds[0]]);
    // Their own account within their own stores is still theirs to edit.
    const ok = await g.staff.put(`/api/system/users/${g.userIds.staff}`, { ...me, name: 'Renamed' });
    expect(ok.statusCode).toBe(200);
  });

  it('a store-limited user cannot create an account with all stores or with a store they do not work in', async () => {
    const g = await storeBossTenant('Priv create');
    const all = await g.staff.post('/api/system/users', userBody(g, { allStores: true, storeIds: [] }));
    expect(all.statusCode).toBe(403);
    expect(all.json().errors.allStores).toBe('Only group-level staff can give access to every store');
    const other = await g.staff.post('/api/system/users', userBody(g, { storeIds: [g.storeIds[1]], defaultStoreId: g.storeIds[1] }));
    expect(other.statusCode).toBe(403);
    expect(other.json().errors.storeIds).toBe('You can only give access to stores you work in yourself');
    // Their own store is fine.
    const ok = await g.staff.post('/api/system/users', userBody(g));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ allStores: false, storeIds: [g.storeIds[0]] });
  });

  it('a store-limited user cannot strip the group manager’s stores, nor re-role, disable, delete or reset them', async () => {
    const g = await storeBossTenant('Priv strip manager');
    const mgr = await editable(g.userIds.manager);
    const strip = await g.staff.put(`/api/system/users/${g.userIds.manager}`, { ...mgr, allStores: false, storeIds: [g.storeIds[0]] });
    expect(strip.statusCode).toBe(403);
    expect(strip.json().detail).toBe('This account can work in stores you cannot, so you cannot change it');
    expect((await g.staff.put(`/api/system/users/${g.userIds.manager}`, { ...mgr, name: 'x' })).statusCode).toBe(403);
    expect((await g.staff.put(`/api/system/users/${g.userIds.manager}`, { ...mgr, active: false })).statusCode).toBe(403);
    expect((await g.staff.put(`/api/system/users/${g.userIds.manager}`, { ...mgr, roleId: g.roleIds.staff })).statusCode).toBe(403);
    expect((await g.staff.del(`/api/system/users/${g.userIds.manager}`)).statusCode).toBe(403);
    expect((await g.staff.post(`/api/system/users/${g.userIds.manager}/reset-password`)).statusCode).toBe(403);
    // Nor through the role's personnel: moving the manager onto another role is re-roling them.
    const reRole = await g.staff.put(`/api/system/roles/${g.roleIds.staff}/users`, { userIds: [g.userIds.staff, g.userIds.manager] });
    expect(reRole.statusCode).toBe(403);
    expect(reRole.json().errors.userIds).toBeTruthy();
    // Nor by narrowing the manager's role (the same menu as their own, but it is the manager's).
    const narrow = await g.staff.put(`/api/system/roles/${g.roleIds.manager}/permissions`, { menu: { Home: ['view'] } });
    expect([403, 409]).toContain(narrow.statusCode);
    expect(narrow.json().errors.menu).toBeTruthy();
    const after = await row(g.userIds.manager);
    expect(after).toMatchObject({ allStores: true, active: true, roleId: g.roleIds.manager, deletedAt: null, name: mgr.name });
    expect(await storesOf(g.manager)).toEqual(g.storeIds);
  });

  it('a store-limited user cannot change an account working in a store they do not have', async () => {
    const g = await storeBossTenant('Priv other store');
    const other = (await g.manager.post('/api/system/users', userBody(g, { storeIds: g.storeIds, defaultStoreId: g.storeIds[1] }))).json();
    const body = await editable(other.id);
    // Taking store B away from them would be changing an account that reaches further than the caller.
    const res = await g.staff.put(`/api/system/users/${other.id}`, { ...body, storeIds: [g.storeIds[0]], defaultStoreId: g.storeIds[0] });
    expect(res.statusCode).toBe(403);
    expect((await g.staff.del(`/api/system/users/${other.id}`)).statusCode).toBe(403);
    // Nor through the store's staff list: removing store A from them.
    const viaStore = await g.staff.put('/api/store/storeuser', { storeId: g.storeIds[0], userIds: [g.userIds.staff] });
    expect(viaStore.statusCode).toBe(403);
    expect((await row(other.id)).deletedAt).toBeNull();
    expect((await t.admin.get(`/api/system/users/${other.id}`)).json().storeIds).toEqual(g.storeIds);
  });
});

describe('the group always keeps a manager', () => {
  it('the only manager cannot demote themselves: role, all stores, group-level list, role personnel or the role’s menu', async () => {
    const g = await t.tenant('Priv last manager');
    const clerk = (await g.manager.post('/api/system/roles', { name: 'Clerk', code: 'clerk', menu: { Home: ['view'] } })).json();
    const me = await editable(g.userIds.manager);
    const reRole = await g.manager.put(`/api/system/users/${g.userIds.manager}`, { ...me, roleId: clerk.id });
    expect(reRole.statusCode).toBe(409);
    expect(reRole.json().errors.roleId).toBe(
      'The store group must keep at least one active manager who works in every store; appoint another one first',
    );
    const narrow = await g.manager.put(`/api/system/users/${g.userIds.manager}`, { ...me, allStores: false, storeIds: [g.storeIds[0]] });
    expect(narrow.statusCode).toBe(409);
    expect(narrow.json().errors.allStores).toBeTruthy();
    const list = await g.manager.put('/api/store/groupuser', { userIds: [] }, { headers: { 'accept-language': 'ja-JP' } });
    expect(list.statusCode).toBe(409);
    expect(list.json().errors.userIds).toMatch(/管理者/);
    const personnel = await g.manager.put(`/api/system/roles/${g.roleIds.manager}/users`, { userIds: [] });
    expect(personnel.statusCode).toBe(409);
    expect(personnel.json().errors.userIds).toBeTruthy();
    const moved = await g.manager.put(`/api/system/roles/${clerk.id}/users`, { userIds: [g.userIds.manager] });
    expect(moved.statusCode).toBe(409);
    const perms = await g.manager.put(`/api/system/roles/${g.roleIds.manager}/permissions`, { menu: { Home: ['view'], Role: ['view'] } });
    expect(perms.statusCode).toBe(409);
    expect(perms.json().errors.menu).toBeTruthy();
    const edit = await g.manager.put(`/api/system/roles/${g.roleIds.manager}`, {
      name: 'Manager',
      code: 'manager',
      menu: { Home: ['view'] },
    });
    expect(edit.statusCode).toBe(409);
    // Nothing changed.
    expect(await row(g.userIds.manager)).toMatchObject({ roleId: g.roleIds.manager, allStores: true, active: true });
    expect((await g.manager.get('/api/auth/me')).json().menu.UserManagement).toBeTruthy();
    // Renaming the role does not touch anyone's rights.
    expect((await g.manager.put(`/api/system/roles/${g.roleIds.manager}`, { name: 'Boss', code: 'manager' })).statusCode).toBe(200);
  });

  it('with a second manager appointed, a manager may step down or be removed', async () => {
    const g = await t.tenant('Priv two managers');
    const second = await g.manager.post(
      '/api/system/users',
      userBody(g, { roleId: g.roleIds.manager, allStores: true, storeIds: [], defaultStoreId: null }),
    );
    expect(second.statusCode).toBe(200);
    const me = await editable(g.userIds.manager);
    const stepDown = await g.manager.put(`/api/system/users/${g.userIds.manager}`, { ...me, allStores: false, storeIds: [g.storeIds[0]] });
    expect(stepDown.statusCode).toBe(200);
    // Now the second is the only manager: the first (store-limited now) cannot touch them.
    const mgr2 = await t.login(second.json().account, 'abcd1234');
    expect((await g.manager.del(`/api/system/users/${second.json().id}`)).statusCode).toBe(403);
    // The second gives the first their group-level access back, then may be removed by them.
    const back = await mgr2.put(`/api/system/users/${g.userIds.manager}`, { ...me });
    expect(back.statusCode).toBe(200);
    expect((await g.manager.del(`/api/system/users/${second.json().id}`)).statusCode).toBe(200);
  });

  it('the platform administrator may still empty a group (to close it)', async () => {
    const g = await t.tenant('Priv admin');
    expect((await t.admin.del(`/api/system/users/${g.userIds.manager}`)).statusCode).toBe(200);
  });
});

describe('legitimate grants still work', () => {
  it('a group manager grants any store of the group and group-level access', async () => {
    const g = await t.tenant('Priv legit');
    const all = await g.manager.post('/api/system/users', userBody(g, { allStores: true, storeIds: [] }));
    expect(all.statusCode).toBe(200);
    expect(all.json().allStores).toBe(true);
    const b = await g.manager.post('/api/system/users', userBody(g, { storeIds: [g.storeIds[1]], defaultStoreId: g.storeIds[1] }));
    expect(b.statusCode).toBe(200);
    const put = await g.manager.put('/api/store/groupuser', { userIds: [g.userIds.manager, g.userIds.staff] });
    expect(put.statusCode).toBe(200);
    expect(await storesOf(g.staff)).toEqual(g.storeIds);
    expect((await g.manager.put('/api/store/groupuser', { userIds: [g.userIds.manager] })).statusCode).toBe(200);
    expect((await g.manager.put('/api/store/storeuser', { storeId: g.storeIds[1], userIds: [g.userIds.staff] })).statusCode).toBe(200);
    expect(await storesOf(g.staff)).toEqual(g.storeIds);
  });

  it('a store-limited user administers accounts within their own store', async () => {
    const g = await storeBossTenant('Priv legit store');
    const created = (await g.staff.post('/api/system/users', userBody(g))).json();
    const body = await editable(created.id);
    expect((await g.staff.put(`/api/system/users/${created.id}`, { ...body, name: 'Edited', active: false })).statusCode).toBe(200);
    expect((await g.staff.put('/api/store/storeuser', { storeId: g.storeIds[0], userIds: [g.userIds.staff] })).statusCode).toBe(200);
    expect((await g.staff.put('/api/store/storeuser', { storeId: g.storeIds[0], userIds: [g.userIds.staff, created.id] })).statusCode).toBe(
      200,
    );
    expect((await g.staff.del(`/api/system/users/${created.id}`)).statusCode).toBe(200);
  });

  it('roles still cannot be given more than the editor holds', async () => {
    const g = await t.tenant('Priv role menu', { Role: ['view', 'create', 'edit'], Home: ['view'] });
    const res = await g.staff.post('/api/system/roles', { name: 'x', code: 'x', menu: { Customer: ['view'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.menu).toBe('You cannot grant rights you do not have yourself');
  });
});
