import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { fullMenu, normaliseMenu, type MenuSetting } from '@gasops/shared';
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

export type TokenClaims = { sub: string; tv: number; place: 'admin' | 'seeker'; iat: number; exp: number };

/** Signs and verifies session tokens (HS256). The key comes from JWT_SECRET or is generated once and kept in the database. */
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

  async sign(userId: number, tokenVersion: number, place: 'admin' | 'seeker'): Promise<string> {
    return new SignJWT({ tv: tokenVersion, place })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
      const place = payload.place === 'seeker' ? 'seeker' : 'admin';
      return { sub: payload.sub, tv: payload.tv, place, iat: payload.iat ?? 0, exp: payload.exp ?? 0 };
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

/**
 * Loads the user behind a token with its role's menu and its stores. Returns null for a deleted,
 * disabled or re-keyed (password changed) account, so those sessions end on their next request.
 */
export async function loadAuthUser(
  db: Executor,
  userId: number,
  tokenVersion: number,
  place: 'admin' | 'seeker',
): Promise<AuthUser | null> {
  // One round trip per request: the user, the role's menu and the ids of the stores in scope
  // (all live stores of the group, or the chosen ones that are still in the group).
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
    .select({ user: users, roleName: roles.name, roleCode: roles.code, menu: roles.menu, storeIds: storeIdsSql })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row || !row.user.active || row.user.tokenVersion !== tokenVersion) return null;
  const u = row.user;
  const storeIds: number[] | null = u.isPlatformAdmin ? null : parseIntArray(row.storeIds);
  const menu: MenuSetting = u.isPlatformAdmin ? fullMenu() : normaliseMenu((row.menu ?? {}) as Record<string, string[]>);
  return {
    ...identityOf(u),
    allStores: u.allStores,
    roleId: u.roleId,
    roleName: row.roleName,
    roleCode: row.roleCode,
    menu,
    storeIds,
    defaultStoreId: u.defaultStoreId,
    place,
  };
}
