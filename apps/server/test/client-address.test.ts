import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { loadConfig } from '../src/platform/config.js';
import { loginHistory } from '../src/platform/platform.schema.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The client address the login rate limit, the public order rate limit and the login history see:
 * the connection's, unless the connection comes from a configured proxy (TRUST_PROXY). inject()
 * connects from 127.0.0.1.
 */
const bad = { account: 'admin', password: 'wrong-pass1' };
const forwarded = (i: number) => ({ headers: { 'x-forwarded-for': `203.0.113.${i}` } });

async function badLogins(t: TestApp, n: number) {
  const codes: number[] = [];
  for (let i = 1; i <= n; i++) codes.push((await t.anon.post('/api/auth/login', bad, forwarded(i))).statusCode);
  return codes;
}
const recordedIps = async (t: TestApp) =>
  (await t.db.select().from(loginHistory).orderBy(desc(loginHistory.id))).filter((r) => r.result === 'bad_credentials').map((r) => r.ip);

describe('client address', () => {
  it('TRUST_PROXY is a comma-separated list of addresses or CIDRs, empty by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16 ,' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });

  it('without a trusted proxy, X-Forwarded-For changes neither the rate limits nor the login history', async () => {
    // Three logins a minute per address; createTestApp's own admin login used one.
    const t = await createTestApp({ loginRateLimit: 3, publicOrderRateLimit: 2 });
    try {
      expect(await badLogins(t, 4)).toEqual([401, 401, 429, 429]);
      expect(await recordedIps(t)).toEqual(['127.0.0.1', '127.0.0.1']);
      const stores: number[] = [];
      for (let i = 1; i <= 3; i++) stores.push((await t.anon.get('/api/public/stores', forwarded(i))).statusCode);
      expect(stores).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY=127.0.0.1), the forwarded address is the client', async () => {
    const t = await createTestApp({ loginRateLimit: 3, publicOrderRateLimit: 2, trustProxy: ['127.0.0.1'] });
    try {
      expect(await badLogins(t, 4)).toEqual([401, 401, 401, 401]);
      expect((await recordedIps(t)).sort()).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']);
      const stores: number[] = [];
      for (let i = 1; i <= 3; i++) stores.push((await t.anon.get('/api/public/stores', forwarded(i))).statusCode);
      expect(stores).toEqual([200, 200, 200]);
    } finally {
      await t.close();
    }
  });
});
