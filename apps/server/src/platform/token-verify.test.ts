import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './db.js';
import { TokenService } from './auth.js';

// The token check kept per process (auth.ts `verify`): a token verified once is not verified again,
// but its expiry still counts, and nothing that failed is taken for good.

const session = { userId: 7, tokenVersion: 3, sessionId: 'session-seven', place: 'admin' as const };
/** With a configured secret the service never reads the database. */
const service = (secret = 'k'.repeat(48)) => TokenService.create(undefined as unknown as Db, secret, 1);

afterEach(() => vi.useRealTimers());

describe('verifying session tokens', () => {
  it('answers the same claims the second time, and refuses the token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = await service();
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await tokens.reissue(session, exp);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: '7', tv: 3, sid: 'session-seven', place: 'admin', exp });
    expect(await tokens.verify(token)).toEqual(first);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(token)).toBeNull();
    // Still refused the next time (the kept check is gone with it).
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token changed by one character, signed with another key, or cut short, before and after a good one', async () => {
    const tokens = await service();
    const token = await tokens.reissue(session, Math.floor(Date.now() / 1000) + 60);
    const [head, body, sig] = token.split('.');
    const flipped = `${head}.${body}.${sig!.slice(0, -2)}${sig!.at(-2) === 'A' ? 'B' : 'A'}${sig!.at(-1)}`;
    const foreign = await (await service('z'.repeat(48))).reissue(session, Math.floor(Date.now() / 1000) + 60);
    for (const bad of [flipped, foreign, `${head}.${body}`]) expect(await tokens.verify(bad)).toBeNull();
    expect(await tokens.verify(token)).not.toBeNull();
    for (const bad of [flipped, foreign, `${head}.${body}`]) expect(await tokens.verify(bad)).toBeNull();
  });
});
