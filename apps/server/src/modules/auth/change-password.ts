import { eq } from 'drizzle-orm';
import type { ChangePasswordBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { hashPassword, verifyPassword, type TokenService } from '../../platform/auth.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { users } from '../../platform/platform.schema.js';

/**
 * Changes the signed-in user's password. Bumps the token version so every other session of the
 * account ends; returns a fresh token of the caller's own session.
 */
export async function changePassword(db: Db, tokens: TokenService, ctx: Ctx, sessionId: string, body: ChangePasswordBody): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, ctx.user.id));
  if (!user) throw new AppError(401, 'feedback.error.sessionExpired');
  if (!(await verifyPassword(user.passwordHash, body.oldPassword)))
    throw new AppError(400, 'feedback.error.oldPasswordWrong', undefined, { oldPassword: 'feedback.error.oldPasswordWrong' });
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: user.tokenVersion + 1, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning({ tokenVersion: users.tokenVersion });
    await recordAction(tx, ctx, { entity: 'users', entityId: user.id, action: 'changePassword' });
    // The caller's session goes on under the new version; null when it was ended meanwhile.
    const token = await tokens.extendSession(tx, { userId: user.id, tokenVersion: row!.tokenVersion, sessionId, place: ctx.user.place });
    if (!token) throw new AppError(401, 'feedback.error.sessionExpired');
    return token;
  });
}
