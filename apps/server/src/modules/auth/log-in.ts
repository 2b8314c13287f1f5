import { and, isNull, sql } from 'drizzle-orm';
import type { LoginBody } from '@gasops/shared';
import { loadAuthUser, verifyPassword, type TokenService } from '../../platform/auth.js';
import type { AuthUser } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { loginHistory, users } from '../../platform/platform.schema.js';

type LoginAttempt = LoginBody & { ip: string; userAgent: string | null };

/**
 * Checks credentials and records the attempt in the login history (success or why not), then opens
 * a session (a `sessions` row): its token and the signed-in user. Wrong account and wrong password answer the same,
 * so accounts cannot be discovered.
 */
export async function logIn(
  db: Db,
  tokens: TokenService,
  attempt: LoginAttempt,
): Promise<{ token: string; user: AuthUser; sessionId: string }> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.account}) = lower(${attempt.account})`, isNull(users.deletedAt)));
  const ok = await verifyPassword(user?.passwordHash ?? null, attempt.password);
  const result = !user || !ok ? 'bad_credentials' : !user.active ? 'inactive' : 'success';
  await db.insert(loginHistory).values({
    account: attempt.account,
    userId: user?.id ?? null,
    groupId: user?.groupId ?? null,
    ip: attempt.ip,
    userAgent: attempt.userAgent,
    place: attempt.place,
    result,
  });
  if (result === 'bad_credentials') throw new AppError(401, 'feedback.error.badCredentials');
  if (result === 'inactive') throw new AppError(401, 'feedback.error.inactive');
  const who = { userId: user!.id, tokenVersion: user!.tokenVersion, place: attempt.place };
  const { token, sessionId } = await tokens.openSession(db, who);
  const signedIn = await loadAuthUser(db, { ...who, sessionId });
  if (!signedIn) throw unauthorized();
  return { token, user: signedIn.user, sessionId };
}

/** Records a refused attempt (too many from one address); the body is whatever was sent, not yet validated. */
export async function recordRateLimited(db: Db, body: unknown, ip: string, userAgent: string | null) {
  const { account, place } = (body ?? {}) as { account?: unknown; place?: unknown };
  await db.insert(loginHistory).values({
    account: typeof account === 'string' ? account.slice(0, 64) : '',
    ip,
    userAgent,
    place: place === 'seeker' ? 'seeker' : 'admin',
    result: 'rate_limited',
  });
}
