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
 * account ends; returns the caller's fresh token.
 */
export async function changePassword(db: Db, tokens: TokenService, ctx: Ctx, body: ChangePasswordBody): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, ctx.user.id));
  if (!user) throw new AppError(401, 'feedback.error.sessionExpired');
  if (!(await verifyPassword(user.passwordHash, body.oldPassword)))
    throw new AppError(400, 'feedback.error.oldPasswordWrong', undefined, { oldPassword: 'feedback.error.oldPasswordWrong' });
  const passwordHash = await hashPassword(body.newPassword);
  const version = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: user.tokenVersion + 1, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning({ tokenVersion: users.tokenVersion });
    await recordAction(tx, ctx, { entity: 'users', entityId: user.id, action: 'changePassword' });
    return row!.tokenVersion;
  });
  return tokens.sign(user.id, version, ctx.user.place);
}
