import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { users } from '../../platform/platform.schema.js';

type Mail = { from: string; to: string[]; data: string };
let t: TestApp;
let a: Tenant;
let b: Tenant;
let smtp: SMTPServer;
let smtpPort = 0;
const inbox: Mail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'GasOps <no-reply@gasops.test>' });
  a = await t.tenant('Users A');
  b = await t.tenant('Users B');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const newUser = (over: Record<string, unknown> = {}) => ({
  account: `u${Math.random().toString(36).slice(2, 8)}`,
  name: '王小明',
  email: 'wang@example.com',
  roleId: a.roleIds.staff,
  defaultStoreId: a.storeIds[0],
  active: true,
  allStores: false,
  storeIds: [a.storeIds[0]],
  password: 'abcd1234',
  confirmPassword: 'abcd1234',
  ...over,
});

describe('GET /api/system/users', () => {
  it('lists only the caller group, paged and searchable', async () => {
    const res = await a.manager.get('/api/system/users?page=1&pageSize=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items).toHaveLength(1);
    const all = (await a.manager.get('/api/system/users?pageSize=50')).json();
    expect(all.items.every((u: { groupId: number }) => u.groupId === a.groupId)).toBe(true);
    const search = (await a.manager.get('/api/system/users?keyword=staff')).json();
    expect(search.items.map((u: { account: string }) => u.account)).toEqual([expect.stringMatching(/^staff/)]);
    expect(search.items[0]).toMatchObject({ roleName: 'Staff', storeIds: [a.storeIds[0]], defaultStoreId: a.storeIds[0] });
  });

  it('answers 403 without UserManagement and 400 for a bad page', async () => {
    expect((await a.staff.get('/api/system/users')).statusCode).toBe(403);
    const bad = await a.manager.get('/api/system/users?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.page).toBeTruthy();
  });

  it('shows the platform administrator every group', async () => {
    const all = (await t.admin.get(`/api/system/users?groupId=${b.groupId}`)).json();
    expect(all.items.map((u: { groupId: number }) => u.groupId)).toEqual([b.groupId, b.groupId]);
  });

  it('hides another group’s user (404)', async () => {
    expect((await a.manager.get(`/api/system/users/${b.userIds.staff}`)).statusCode).toBe(404);
    expect((await a.manager.get(`/api/system/users/${a.userIds.staff}`)).statusCode).toBe(200);
  });
});

describe('POST/PUT/DELETE /api/system/users', () => {
  it('creates an account that can log in, with its stores, and audits it without the password', async () => {
    const body = newUser();
    const res = await a.manager.post('/api/system/users', body);
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({
      account: body.account,
      groupId: a.groupId,
      roleId: a.roleIds.staff,
      storeIds: [a.storeIds[0]],
      allStores: false,
    });
    const caller = await t.login(body.account, 'abcd1234');
    expect((await caller.get('/api/auth/me')).json().stores.map((s: { id: number }) => s.id)).toEqual([a.storeIds[0]]);
    const audit = await t.lastAudit('users', u.id);
    expect(audit).toMatchObject({ action: 'create', screen: 'UserManagement', groupId: a.groupId });
    expect(JSON.stringify(audit!.after)).not.toMatch(/hash|abcd1234/i);
  });

  it('validates with field messages (password rule, confirmation, e-mail, stores)', async () => {
    const res = await a.manager.post(
      '/api/system/users',
      newUser({ account: '', password: 'abcdefgh', confirmPassword: 'x', email: 'not-mail', storeIds: [] }),
    );
    expect(res.statusCode).toBe(400);
    const e = res.json().errors;
    expect(e.account).toBe('Please enter the account');
    expect(e.password).toBe('The password needs at least 8 characters including a number');
    expect(e.email).toBe('Enter a valid email address');
    const mismatch = await a.manager.post('/api/system/users', newUser({ confirmPassword: 'abcd12345' }), {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(mismatch.json().errors.confirmPassword).toBe('兩次輸入的密碼不一致');
    const noStores = await a.manager.post('/api/system/users', newUser({ storeIds: [] }));
    expect(noStores.json().errors.storeIds).toBe('This field is required');
  });

  it('refuses a duplicate account (409 on the field), another group’s store or role (400)', async () => {
    // Accounts are unique without regard to case.
    const me = (await a.manager.get('/api/auth/me')).json();
    const taken = await a.manager.post('/api/system/users', newUser({ account: me.account.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.account).toBe('This account is already in use');
    const foreignStore = await a.manager.post('/api/system/users', newUser({ storeIds: [b.storeIds[0]], defaultStoreId: b.storeIds[0] }));
    expect(foreignStore.statusCode).toBe(400);
    expect(foreignStore.json().errors.defaultStoreId).toBeTruthy();
    const foreignRole = await a.manager.post('/api/system/users', newUser({ roleId: b.roleIds.staff }));
    expect(foreignRole.statusCode).toBe(400);
    expect(foreignRole.json().errors.roleId).toBe('Invalid format');
  });

  it('forbids creating accounts without the create permission (403) and platform admins cannot be made here', async () => {
    expect((await a.staff.post('/api/system/users', newUser())).statusCode).toBe(403);
    const res = await a.manager.post('/api/system/users', { ...newUser(), isPlatformAdmin: true });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row!.isPlatformAdmin).toBe(false);
  });

  it('requires the platform administrator to name the group', async () => {
    const res = await t.admin.post('/api/system/users', newUser());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.groupId).toBe('This field is required');
    const ok = await t.admin.post('/api/system/users', newUser({ groupId: a.groupId }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().groupId).toBe(a.groupId);
  });

  it('edits an account: all stores, role; disabling ends its sessions; audit has before/after', async () => {
    const created = (await a.manager.post('/api/system/users', newUser())).json();
    const session = await t.login(created.account, 'abcd1234');
    const {
      id,
      groupId: _g,
      storeIds: _s,
      createdAt: _c,
      groupName: _gn,
      roleName: _r,
      defaultStoreName: _d,
      isPlatformAdmin: _p,
      ...rest
    } = created;
    const res = await a.manager.put(`/api/system/users/${id}`, { ...rest, name: '王大明', allStores: true, storeIds: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '王大明', allStores: true, storeIds: [] });
    expect((await session.get('/api/auth/me')).json().stores).toHaveLength(2);
    const audit = await t.lastAudit('users', id);
    expect(audit).toMatchObject({ action: 'edit' });
    expect((audit!.before as { name: string }).name).toBe('王小明');
    expect((audit!.after as { name: string }).name).toBe('王大明');
    const off = await a.manager.put(`/api/system/users/${id}`, { ...rest, name: '王大明', allStores: true, storeIds: [], active: false });
    expect(off.statusCode).toBe(200);
    expect((await session.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('answers 404 for editing or deleting another group’s account, 403 without rights', async () => {
    const body = {
      account: 'x1',
      name: 'x',
      email: null,
      roleId: b.roleIds.staff,
      defaultStoreId: null,
      active: true,
      allStores: true,
      storeIds: [],
    };
    expect((await a.manager.put(`/api/system/users/${b.userIds.staff}`, body)).statusCode).toBe(404);
    expect((await a.manager.del(`/api/system/users/${b.userIds.staff}`)).statusCode).toBe(404);
    expect((await a.staff.del(`/api/system/users/${a.userIds.staff}`)).statusCode).toBe(403);
  });

  it('soft-deletes an account: it cannot log in, it is hidden, the audit row keeps it; self-delete is refused', async () => {
    const created = (await a.manager.post('/api/system/users', newUser())).json();
    const res = await a.manager.del(`/api/system/users/${created.id}`);
    expect(res.statusCode).toBe(200);
    await expect(t.login(created.account, 'abcd1234')).rejects.toThrow();
    expect((await a.manager.get(`/api/system/users/${created.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.lastAudit('users', created.id)).toMatchObject({ action: 'delete' });
    const self = await a.manager.del(`/api/system/users/${a.userIds.manager}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe('You cannot delete your own account');
  });

  it('does not let a limited user administer an account above their own role', async () => {
    const limited = await t.tenant('Users C', { UserManagement: ['view', 'edit', 'create'] });
    const res = await limited.staff.post('/api/system/users/' + limited.userIds.manager + '/reset-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('This role has more rights than your own, so you cannot change it');
    const create = await limited.staff.post(
      '/api/system/users',
      newUser({ roleId: limited.roleIds.manager, storeIds: [limited.storeIds[0]], defaultStoreId: limited.storeIds[0] }),
    );
    expect(create.statusCode).toBe(400);
    expect(create.json().errors.roleId).toBeTruthy();
  });
});

describe('POST /api/system/users/:id/reset-password', () => {
  it('mails a new password over SMTP, ends the sessions, and the new password works', async () => {
    const created = (await a.manager.post('/api/system/users', newUser({ email: 'reset-me@example.com' }))).json();
    const session = await t.login(created.account, 'abcd1234');
    const before = inbox.length;
    const res = await a.manager.post(`/api/system/users/${created.id}/reset-password`, undefined, {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: '密碼已寄出', delivery: 'smtp', outboxFile: null });
    expect(inbox.length).toBe(before + 1);
    const mail = inbox.at(-1)!;
    expect(mail.to).toEqual(['reset-me@example.com']);
    expect(mail.from).toBe('no-reply@gasops.test');
    const decoded = decodeMail(mail.data);
    expect(decoded).toContain(created.account);
    const password = /新密碼：([A-Za-z0-9]+)/.exec(decoded)?.[1];
    expect(password).toMatch(/^(?=.*\d)[A-Za-z0-9]{12}$/);
    expect((await session.get('/api/auth/me')).statusCode).toBe(401);
    await expect(t.login(created.account, password!)).resolves.toBeTruthy();
    await expect(t.login(created.account, 'abcd1234')).rejects.toThrow();
    expect(await t.lastAudit('users', created.id)).toMatchObject({ action: 'resetPassword', screen: 'UserManagement' });
  });

  it('refuses an account without e-mail (field message), another group (404), no rights (403)', async () => {
    const created = (await a.manager.post('/api/system/users', newUser({ email: '' }))).json();
    const res = await a.manager.post(`/api/system/users/${created.id}/reset-password`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe('This account has no e-mail address to send a password to');
    expect((await a.manager.post(`/api/system/users/${b.userIds.staff}/reset-password`)).statusCode).toBe(404);
    expect((await a.staff.post(`/api/system/users/${a.userIds.staff}/reset-password`)).statusCode).toBe(403);
  });

  it('keeps the old password when the mail server cannot be reached', async () => {
    const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1', dataDir: os.tmpdir() });
    try {
      const g = await down.tenant('Mail down');
      const created = (
        await g.manager.post('/api/system/users', {
          ...newUser(),
          roleId: g.roleIds.staff,
          storeIds: [g.storeIds[0]],
          defaultStoreId: g.storeIds[0],
        })
      ).json();
      const res = await g.manager.post(`/api/system/users/${created.id}/reset-password`);
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toMatch(/could not be sent/);
      await expect(down.login(created.account, 'abcd1234')).resolves.toBeTruthy();
    } finally {
      await down.close();
    }
  });

  it('without SMTP_URL writes the message to DATA_DIR/outbox and says where', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-outbox-'));
    const local = await createTestApp({ smtpUrl: null, dataDir });
    try {
      const g = await local.tenant('Outbox');
      const created = (
        await g.manager.post('/api/system/users', {
          ...newUser({ email: 'box@example.com' }),
          roleId: g.roleIds.staff,
          storeIds: [g.storeIds[0]],
          defaultStoreId: g.storeIds[0],
        })
      ).json();
      const res = await g.manager.post(`/api/system/users/${created.id}/reset-password`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.delivery).toBe('outbox');
      expect(body.outboxFile.startsWith(path.join(dataDir, 'outbox'))).toBe(true);
      const eml = fs.readFileSync(body.outboxFile, 'utf8');
      expect(eml).toMatch(/^To: box@example.com/m);
      expect(decodeMail(eml)).toContain(created.account);
    } finally {
      await local.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The text of a simple e-mail (headers, then a quoted-printable or base64 UTF-8 body). */
function decodeMail(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
