import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { SignJWT, jwtVerify } from 'jose';
import { fullMenu, normaliseMenu, type MenuSetting } from '@gasops/shared';
import { timestampTz } from './columns.js';
import type { AuthUser } from './context.js';
import { parseIntArray, type Db, type Executor } from './db.js';
import { roles, stores, systemSettings, users, userStores } from './platform.schema.js';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum). */
export const hashPassword = (password: string) => hash(password);

// A hash to verify against when the account does not exist, so timing does not reveal accounts.
let dummyHash: Promise<string> | null = null;
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** What a session token says: the user, the account's token version, the session (row of `sessions`), where it signed in. */
export type TokenClaims = { sub: string; tv: number; sid: string; place: 'admin' | 'seeker'; iat: number; exp: number };
export type SessionOf = { userId: number; tokenVersion: number; sessionId: string; place: 'admin' | 'seeker' };
export const sessionOf = (c: TokenClaims): SessionOf => ({ userId: Number(c.sub), tokenVersion: c.tv, sessionId: c.sid, place: c.place });

/**
 * Sign-ins (migration 0003). A token names its row (`sid`); the per-request user lookup joins it, so a
 * revoked session ends on its next request: in the process that revoked it at once, in the others as
 * soon as the change notification reaches their user cache (platform/auth-cache.ts, milliseconds). `expires_at` is the latest expiry
 * of any token of the session (renewals push it); past it the row backs nothing and is purged.
 * Declared here rather than in platform.schema.ts because only this file and the auth module use it.
 */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  expiresAt: timestampTz('expires_at').notNull(),
  revokedAt: timestampTz('revoked_at'),
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** How many verified tokens a process keeps (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Signs and verifies session tokens (HS256) and keeps their sessions. The key comes from JWT_SECRET
 * or is generated once and kept in the database.
 */
export class TokenService {
  private constructor(
    private readonly key: Uint8Array,
    readonly lifetimeSeconds: number,
  ) {}

  static async create(db: Db, configured: string | null, lifetimeHours: number): Promise<TokenService> {
    let secret = configured;
    if (!secret) {
      const fresh = crypto.randomBytes(48).toString('base64url');
      // Insert-if-absent then read back: concurrent first starts agree on one secret.
      await db.insert(systemSettings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
      const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'jwt_secret'));
      secret = row!.value;
    }
    return new TokenService(new TextEncoder().encode(secret), Math.max(1, lifetimeHours) * 3600);
  }

  private sign(s: SessionOf, exp: number): Promise<string> {
    return new SignJWT({ tv: s.tokenVersion, sid: s.sessionId, place: s.place })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(s.userId))
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.key);
  }

  /** A new session for a sign-in, and its first token. Purges sessions no token can use any more. */
  async openSession(db: Executor, user: Omit<SessionOf, 'sessionId'>): Promise<{ token: string; sessionId: string }> {
    const exp = nowSeconds() + this.lifetimeSeconds;
    const sessionId = crypto.randomBytes(18).toString('base64url');
    // An hour's grace for clocks that differ between app servers.
    await db.delete(sessions).where(lt(sessions.expiresAt, new Date(Date.now() - 3600_000)));
    await db.insert(sessions).values({ id: sessionId, userId: user.userId, expiresAt: new Date(exp * 1000) });
    return { token: await this.sign({ ...user, sessionId }, exp), sessionId };
  }

  /**
   * A fresh full-lifetime token of a live session (renewal, or the caller's own session after a
   * password change), or null when the session was revoked meanwhile: a revoked token never renews.
   */
  async extendSession(db: Executor, s: SessionOf): Promise<string | null> {
    const exp = nowSeconds() + this.lifetimeSeconds;
    const [row] = await db
      .update(sessions)
      .set({ expiresAt: new Date(exp * 1000) })
      .where(and(eq(sessions.id, s.sessionId), eq(sessions.userId, s.userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return row ? this.sign(s, exp) : null;
  }

  /** A token that is still valid as long as its session is (another request renewed the session already). */
  async reissue(s: SessionOf, sessionExpiresAt: number): Promise<string> {
    return this.sign(s, sessionExpiresAt);
  }

  /** Ends a session (logout): its tokens, renewed ones included, are refused from the next request on. */
  async revokeSession(db: Executor, sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /**
   * Tokens this process has verified, with their claims: a token is checked on every request, and its
   * HMAC through WebCrypto was about 0.8 ms of CPU a request (bench/RESULTS.md, cylinder benchmark). The
   * same string always verifies the same under the same key, so only the expiry is checked again; failed
   * tokens are never kept (junk cannot fill it). Revocation is the session's, checked by the user cache.
   */
  private readonly verified = new Map<string, TokenClaims>();

  /** The claims of a well-signed, unexpired token that names a session and has an expiry; otherwise null. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > nowSeconds()) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.verifySigned(token);
    if (claims) {
      // Oldest first out when full (a Map keeps insertion order).
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, Object.freeze(claims));
    }
    return claims;
  }

  private async verifySigned(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
      const { sub, tv, sid, iat, exp } = payload;
      if (typeof sub !== 'string' || !/^\d{1,9}$/.test(sub) || typeof tv !== 'number' || typeof sid !== 'string') return null;
      if (typeof exp !== 'number' || typeof iat !== 'number') return null;
      const place = payload.place === 'seeker' ? 'seeker' : 'admin';
      return { sub, tv, sid, place, iat, exp };
    } catch {
      return null;
    }
  }
}

type Identity = Pick<AuthUser, 'id' | 'account' | 'name' | 'email' | 'groupId' | 'isPlatformAdmin'>;
/** Who an account is: the fields the session and the signed-in user's profile (GET /auth/me) both carry as stored. */
export const identityOf = (u: Identity): Identity => ({
  id: u.id,
  account: u.account,
  name: u.name,
  email: u.email,
  groupId: u.groupId,
  isPlatformAdmin: u.isPlatformAdmin,
});

/** The user behind a token and its session's current end (epoch seconds). */
export type AuthSession = { user: AuthUser; sessionId: string; sessionExpiresAt: number };

/**
 * Loads the user behind a token with its role's menu and its stores, and checks the token's session
 * in the same statement. Returns null for a deleted, disabled or re-keyed (password changed) account
 * and for a revoked or purged session, so those sessions end on their next request.
 */
export async function loadAuthUser(db: Executor, s: SessionOf): Promise<AuthSession | null> {
  // One round trip per request: the user, the role's menu, the session and the ids of the stores in
  // scope (all live stores of the group, or the chosen ones that are still in the group).
  const storeIdsSql = sql<number[]>`case
      when ${users.isPlatformAdmin} then null
      when ${users.groupId} is null then '{}'::int[]
      when ${users.allStores} then array(
        select s.id from ${stores} s where s.group_id = ${users.groupId} and s.deleted_at is null order by s.id)
      else array(
        select s.id from ${userStores} us join ${stores} s on s.id = us.store_id
         where us.user_id = ${users.id} and s.group_id = ${users.groupId} and s.deleted_at is null order by s.id)
    end`;
  const [row] = await db
    .select({
      user: users,
      roleName: roles.name,
      roleCode: roles.code,
      menu: roles.menu,
      storeIds: storeIdsSql,
      sessionExpiresAt: sessions.expiresAt,
    })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, s.sessionId), eq(sessions.userId, users.id), isNull(sessions.revokedAt)))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, s.userId), isNull(users.deletedAt)));
  if (!row || !row.user.active || row.user.tokenVersion !== s.tokenVersion) return null;
  const u = row.user;
  const storeIds: number[] | null = u.isPlatformAdmin ? null : parseIntArray(row.storeIds);
  const menu: MenuSetting = u.isPlatformAdmin ? fullMenu() : normaliseMenu((row.menu ?? {}) as Record<string, string[]>);
  return {
    user: {
      ...identityOf(u),
      allStores: u.allStores,
      roleId: u.roleId,
      roleName: row.roleName,
      roleCode: row.roleCode,
      menu,
      storeIds,
      defaultStoreId: u.defaultStoreId,
      place: s.place,
    },
    sessionId: s.sessionId,
    sessionExpiresAt: Math.floor(row.sessionExpiresAt.getTime() / 1000),
  };
}
