import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginBody } from '@gasops/shared';
import { verifyPassword } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { loginHistory, users } from '../../platform/platform.schema.js';

export type LoginAttempt = LoginBody & { ip: string; userAgent: string | null };

/**
 * Checks credentials and records the attempt in the login history (success or why not).
 * Wrong account and wrong password answer the same, so accounts cannot be discovered.
 */
export async function logIn(db: Db, attempt: LoginAttempt): Promise<{ userId: number; tokenVersion: number }> {
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
  return { userId: user!.id, tokenVersion: user!.tokenVersion };
}

export async function recordRateLimited(db: Db, account: string, ip: string, userAgent: string | null, place: string) {
  await db.insert(loginHistory).values({ account: account.slice(0, 64), ip, userAgent, place, result: 'rate_limited' });
}

export async function touchUser(db: Db, userId: number) {
  await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
}
