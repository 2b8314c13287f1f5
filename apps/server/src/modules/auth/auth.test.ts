import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.js';
import { loginHistory, params, systemSettings } from '../../platform/platform.schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cookiesOf = (res: { cookies: { name: string; value: string }[] }) => Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));

describe('auth', () => {
  it('logs in with {account, password}: 200 {token, user}, auth + csrf cookies, a login-history row', async () => {
    const res = await t.anon.post('/api/auth/login', ADMIN, { headers: { 'user-agent': 'vitest-agent' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ account: 'admin', isPlatformAdmin: true, place: 'admin' });
    const auth = res.cookies.find((c) => c.name === 'auth');
    expect(auth).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(auth!.maxAge).toBe(24 * 3600);
    expect(res.cookies.find((c) => c.name === 'csrf')?.httpOnly).toBeFalsy();
    const [row] = await t.db.select().from(loginHistory).orderBy(desc(loginHistory.id)).limit(1);
    expect(row).toMatchObject({ account: 'admin', result: 'success', userAgent: 'vitest-agent', place: 'admin' });
    expect(row!.ip).toBeTruthy();
  });

  it('answers wrong credentials with 401 {detail} in the caller language and records the failure', async () => {
    const res = await t.anon.post(
      '/api/auth/login',
      { account: 'admin', password: 'wrong-pass1' },
      { headers: { 'accept-language': 'zh-TW' } },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('帳號或密碼錯誤');
    const unknown = await t.anon.post('/api/auth/login', { account: 'nobody', password: 'wrong-pass1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe('Wrong account or password');
    const rows = await t.db.select().from(loginHistory).where(eq(loginHistory.result, 'bad_credentials'));
    expect(rows.map((r) => r.account).sort()).toEqual(['admin', 'nobody']);
  });

  it('validates the login body with field-level messages in five languages', async () => {
    const expected: Record<string, string> = {
      'zh-TW': '請輸入帳號',
      'en-US': 'Please enter the account',
      'zh-CN': '请输入账号',
      'ja-JP': 'アカウントを入力してください',
      'ms-MY': 'Sila masukkan akaun',
    };
    for (const [lang, msg] of Object.entries(expected)) {
      const res = await t.anon.post('/api/auth/login', { account: '', password: '' }, { headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.account).toBe(msg);
      expect(res.json().errors.password).toBeTruthy();
    }
  });

  it('answers 401 on /me without a session and with a tampered token', async () => {
    expect((await t.anon.get('/api/auth/me')).statusCode).toBe(401);
    const bad = t.caller(`${t.admin.token.slice(0, -2)}xx`);
    const res = await bad.get('/api/auth/me');
    expect(res.statusCode).toBe(401);
  });

  it('returns the current user with its menu and stores', async () => {
    const tenant = await t.tenant('Me group');
    const me = (await tenant.staff.get('/api/auth/me')).json();
    expect(me.menu).toEqual({ Home: ['view'], Customer: ['view'] });
    expect(me.stores.map((s: { id: number }) => s.id)).toEqual([tenant.storeIds[0]]);
    const mgr = (await tenant.manager.get('/api/auth/me')).json();
    expect(mgr.stores.map((s: { id: number }) => s.id)).toEqual(tenant.storeIds);
    expect(mgr.groupName).toBe('Me group');
    expect(mgr.settings).toEqual({ errorNotificationMs: 3500, successMessageMs: 3000, requestTimeoutMs: 300000 });
    // The web app's durations follow the group's parameters.
    await t.db.insert(params).values({ groupId: tenant.groupId, code: 'ERROR_NOTIFICATION_MS', name: 'x', type: 'number', value: '5000' });
    expect((await tenant.staff.get('/api/auth/me')).json().settings.errorNotificationMs).toBe(5000);
  });

  it('applies a role change on the next request, not the next login', async () => {
    const tenant = await t.tenant('Role change group');
    expect((await tenant.staff.get('/api/auth/me')).json().menu.Customer).toEqual(['view']);
    // Through the roles screen's API (this process drops its cached users before answering; other
    // processes on notification: platform/auth-cache.test.ts).
    const put = await tenant.manager.put(`/api/system/roles/${tenant.roleIds.staff}/permissions`, { menu: { Home: ['view'] } });
    expect(put.statusCode).toBe(200);
    expect((await tenant.staff.get('/api/auth/me')).json().menu.Customer).toBeUndefined();
  });

  it('changes the password: rules, mismatch, wrong old password, old sessions end', async () => {
    const tenant = await t.tenant('Password group');
    const mismatch = await tenant.staff.put('/api/auth/password', {
      oldPassword: PASSWORD,
      newPassword: 'newpass123',
      confirmPassword: 'newpass124',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toBe('The two passwords do not match');
    const weak = await tenant.staff.put('/api/auth/password', {
      oldPassword: PASSWORD,
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(weak.json().errors.newPassword).toBe('The password needs at least 8 characters including a number');
    const wrongOld = await tenant.staff.put('/api/auth/password', {
      oldPassword: 'nope12345',
      newPassword: 'newpass123',
      confirmPassword: 'newpass123',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().errors.oldPassword).toBe('The old password is wrong');
    const ok = await tenant.staff.put('/api/auth/password', {
      oldPassword: PASSWORD,
      newPassword: 'newpass123',
      confirmPassword: 'newpass123',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toBe('Password changed');
    // The old token is revoked; the new one works; the new password logs in.
    expect((await tenant.staff.get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.caller(ok.json().token).get('/api/auth/me')).statusCode).toBe(200);
    const me = (await t.caller(ok.json().token).get('/api/auth/me')).json();
    await expect(t.login(me.account, 'newpass123')).resolves.toBeTruthy();
  });

  it('requires the CSRF header for cookie-authenticated writes but not for Bearer calls', async () => {
    const login = await t.anon.post('/api/auth/login', ADMIN);
    const c = cookiesOf(login);
    const cookieHeader = `auth=${c.auth}; csrf=${c.csrf}`;
    const body = { oldPassword: 'x', newPassword: 'y', confirmPassword: 'z' };
    const noHeader = await t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: { cookie: cookieHeader }, payload: body });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().code).toBe('csrf');
    const withHeader = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { cookie: cookieHeader, 'x-csrf-token': c.csrf! },
      payload: body,
    });
    expect(withHeader.statusCode).toBe(400);
    const read = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader } });
    expect(read.statusCode).toBe(200);
  });

  it('logs out by clearing the cookies', async () => {
    const res = await t.anon.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    const auth = res.cookies.find((c) => c.name === 'auth');
    expect(auth?.value).toBe('');
  });

  it('ends the session on logout: its token is refused afterwards (Bearer or cookie), other sessions go on', async () => {
    const first = await t.login(ADMIN.account, ADMIN.password);
    const second = await t.login(ADMIN.account, ADMIN.password);
    expect((await first.get('/api/auth/me')).statusCode).toBe(200);
    expect((await first.post('/api/auth/logout')).statusCode).toBe(200);
    const after = await first.get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('sessionExpired');
    expect((await second.get('/api/auth/me')).statusCode).toBe(200);

    const login = await t.anon.post('/api/auth/login', ADMIN);
    const c = cookiesOf(login);
    const cookie = `auth=${c.auth}; csrf=${c.csrf}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses a token without an expiry, even one signed with the right key', async () => {
    const [row] = await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'jwt_secret'));
    const key = new TextEncoder().encode(row!.value);
    const { token } = (await t.anon.post('/api/auth/login', ADMIN)).json<{ token: string }>();
    const { exp, ...claims } = decodeJwt(token);
    expect(exp).toBeGreaterThan(0);
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await t.caller(forever).get('/api/auth/me')).statusCode).toBe(401);
    // The same claims with an expiry are accepted: only the missing expiry is refused.
    const bounded = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key);
    expect((await t.caller(bounded).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('renews a token past half its lifetime, but never a revoked one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      const user = await t.login(ADMIN.account, ADMIN.password);
      vi.setSystemTime(start + 13 * 3600_000);
      const renewed = await user.get('/api/auth/me');
      expect(renewed.statusCode).toBe(200);
      const fresh = renewed.headers['x-access-token'] as string;
      expect(decodeJwt(fresh).exp).toBeGreaterThan(decodeJwt(user.token).exp!);

      expect((await user.post('/api/auth/logout')).statusCode).toBe(200);
      const old = await user.get('/api/auth/me');
      expect(old.statusCode).toBe(401);
      expect(old.headers['x-access-token']).toBeUndefined();
      // The renewed token belongs to the same session: logging out ended it too.
      const again = await t.caller(fresh).get('/api/auth/me');
      expect(again.statusCode).toBe(401);
      expect(again.headers['x-access-token']).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('rate-limits login attempts per address and records them', async () => {
    // The limit is 4 a minute per address; createTestApp's own admin login used one of them.
    const limited = await createTestApp({ loginRateLimit: 4 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await limited.anon.post('/api/auth/login', { account: 'admin', password: 'bad-pass1' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const res = await limited.anon.post('/api/auth/login', { account: 'admin', password: 'bad-pass1' });
      expect(res.json().detail).toBe('Too many attempts, please try again later');
      // Each refused attempt is recorded before it is answered: all three are there at once.
      const rows = await limited.db.select().from(loginHistory).where(eq(loginHistory.result, 'rate_limited'));
      expect(rows.map((r) => [r.account, r.result])).toEqual([
        ['admin', 'rate_limited'],
        ['admin', 'rate_limited'],
        ['admin', 'rate_limited'],
      ]);
    } finally {
      await limited.close();
    }
  });
});
