import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { users } from '../../platform/platform.schema.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Roles A');
  b = await t.tenant('Roles B');
});
afterAll(async () => {
  await t.close();
});

describe('roles', () => {
  it('lists the group’s roles with their menu and user count; 403 without Role or UserManagement', async () => {
    const res = await a.manager.get('/api/system/roles');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      code: string;
      userCount: number;
      groupId: number;
      editable: boolean;
      menu: Record<string, string[]>;
    }[];
    expect(items.map((r) => r.code)).toEqual(['manager', 'staff']);
    expect(items.every((r) => r.groupId === a.groupId && r.userCount === 1 && r.editable)).toBe(true);
    expect(items[1]!.menu).toEqual({ Home: ['view'], Customer: ['view'] });
    expect((await a.staff.get('/api/system/roles')).statusCode).toBe(403);
    expect((await a.manager.get(`/api/system/roles/${b.roleIds.staff}`)).statusCode).toBe(404);
    const detail = (await a.manager.get(`/api/system/roles/${a.roleIds.staff}`)).json();
    expect(detail.userIds).toEqual([a.userIds.staff]);
  });

  it('creates a role (audited), refuses a duplicate code and bad input with field messages', async () => {
    const res = await a.manager.post('/api/system/roles', {
      name: '會計',
      code: 'accountant',
      menu: { financial: ['view', 'export'], Group: ['view'] },
    });
    expect(res.statusCode).toBe(200);
    const role = res.json();
    // Platform-only screens are never granted by a role.
    expect(role.menu).toEqual({ financial: ['view', 'export'] });
    expect(await t.lastAudit('roles', role.id)).toMatchObject({ action: 'create', screen: 'Role', groupId: a.groupId });
    const dup = await a.manager.post('/api/system/roles', { name: 'x', code: 'accountant' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.code).toBe('This code is already in use');
    // Same code in another group is fine.
    expect((await b.manager.post('/api/system/roles', { name: 'x', code: 'accountant' })).statusCode).toBe(200);
    const bad = await a.manager.post('/api/system/roles', { name: '', code: 'has space', menu: { Customer: ['fly'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toBe('This field is required');
    expect(bad.json().errors.code).toBe('Invalid format');
    expect((await a.staff.post('/api/system/roles', { name: 'x', code: 'y' })).statusCode).toBe(403);
  });

  it('does not let a group manager grant what they do not hold', async () => {
    const limited = await t.tenant('Roles C', { Role: ['view', 'create', 'edit'], Customer: ['view'] });
    const res = await limited.staff.post('/api/system/roles', { name: 'x', code: 'x', menu: { Customer: ['view', 'delete'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.menu).toBe('You cannot grant rights you do not have yourself');
    expect((await limited.staff.post('/api/system/roles', { name: 'x', code: 'x', menu: { Customer: ['view'] } })).statusCode).toBe(200);
    // Nor change the manager role (above their own), nor put themselves on it.
    const up = await limited.staff.put(`/api/system/roles/${limited.roleIds.manager}/users`, {
      userIds: [limited.userIds.manager, limited.userIds.staff],
    });
    expect(up.statusCode).toBe(400);
    expect(up.json().detail).toBe('This role has more rights than your own, so you cannot change it');
    const list = (await limited.staff.get('/api/system/roles')).json().items as { code: string; editable: boolean }[];
    expect(list.find((r) => r.code === 'manager')!.editable).toBe(false);
  });

  it('edits name/code, sets permissions (applies on the next request) and answers 404 across groups', async () => {
    const role = (await a.manager.post('/api/system/roles', { name: '司機', code: 'driver2', menu: { gasRound: ['view'] } })).json();
    const edit = await a.manager.put(`/api/system/roles/${role.id}`, { name: '司機甲', code: 'driver2' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: '司機甲', menu: { gasRound: ['view'] } });
    const audit = await t.lastAudit('roles', role.id);
    expect(audit).toMatchObject({ action: 'edit' });
    expect((audit!.before as { name: string }).name).toBe('司機');

    const perms = await a.manager.put(`/api/system/roles/${a.roleIds.staff}/permissions`, {
      menu: { Home: ['view'], Customer: ['view', 'edit'], CustomerDetail: ['export'] },
    });
    expect(perms.statusCode).toBe(200);
    expect(perms.json().menu).toEqual({ Home: ['view'], Customer: ['view', 'edit'], CustomerDetail: ['view', 'export'] });
    expect((await a.staff.get('/api/auth/me')).json().menu.Customer).toEqual(['view', 'edit']);
    expect(await t.lastAudit('roles', a.roleIds.staff)).toMatchObject({ action: 'setPermissions' });
    const badPerms = await a.manager.put(`/api/system/roles/${a.roleIds.staff}/permissions`, { menu: 'all' });
    expect(badPerms.statusCode).toBe(400);
    expect(badPerms.json().errors.menu).toBeTruthy();

    expect((await a.manager.put(`/api/system/roles/${b.roleIds.staff}`, { name: 'x', code: 'x' })).statusCode).toBe(404);
    expect((await a.manager.put(`/api/system/roles/${b.roleIds.staff}/permissions`, { menu: {} })).statusCode).toBe(404);
    expect((await a.staff.put(`/api/system/roles/${a.roleIds.staff}/permissions`, { menu: {} })).statusCode).toBe(403);
  });

  it('sets personnel: exactly the listed users of the group hold the role', async () => {
    const role = (await a.manager.post('/api/system/roles', { name: '客服', code: 'service', menu: { faq: ['view'] } })).json();
    const res = await a.manager.put(`/api/system/roles/${role.id}/users`, { userIds: [a.userIds.staff] });
    expect(res.statusCode).toBe(200);
    expect(res.json().userIds).toEqual([a.userIds.staff]);
    expect((await a.staff.get('/api/auth/me')).json().menu).toEqual({ faq: ['view'] });
    expect(await t.lastAudit('roles', role.id)).toMatchObject({ action: 'setPersonnel', after: { userIds: [a.userIds.staff] } });
    const foreign = await a.manager.put(`/api/system/roles/${role.id}/users`, { userIds: [b.userIds.staff] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.userIds).toBeTruthy();
    const bad = await a.manager.put(`/api/system/roles/${role.id}/users`, { userIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    // Emptying the role leaves the user without one; put them back on staff.
    await a.manager.put(`/api/system/roles/${role.id}/users`, { userIds: [] });
    const [row] = await t.db.select().from(users).where(eq(users.id, a.userIds.staff));
    expect(row!.roleId).toBeNull();
    await a.manager.put(`/api/system/roles/${a.roleIds.staff}/users`, { userIds: [a.userIds.staff] });
    expect((await b.manager.put(`/api/system/roles/${role.id}/users`, { userIds: [] })).statusCode).toBe(404);
  });

  it('deletes an unused role (audited) and refuses one still held (409 in use)', async () => {
    const held = await a.manager.del(`/api/system/roles/${a.roleIds.staff}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().detail).toBe('Users still have this role: give them another role first');
    const role = (await a.manager.post('/api/system/roles', { name: '暫時', code: 'temp' })).json();
    expect((await b.manager.del(`/api/system/roles/${role.id}`)).statusCode).toBe(404);
    expect((await a.staff.del(`/api/system/roles/${role.id}`)).statusCode).toBe(403);
    expect((await a.manager.del(`/api/system/roles/${role.id}`)).statusCode).toBe(200);
    expect(await t.lastAudit('roles', role.id)).toMatchObject({ action: 'delete' });
    expect((await a.manager.get(`/api/system/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('lets the platform administrator create a role in a named group', async () => {
    const missing = await t.admin.post('/api/system/roles', { name: 'x', code: 'x' });
    expect(missing.json().errors.groupId).toBe('This field is required');
    const ok = await t.admin.post('/api/system/roles', {
      groupId: b.groupId,
      name: 'x',
      code: 'admin-made',
      menu: { Group: ['view'], Home: ['view'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ groupId: b.groupId, menu: { Home: ['view'] } });
  });
});
