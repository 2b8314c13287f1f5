import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { translate } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { hashPassword } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import { users } from '../../platform/platform.schema.js';
import { loadUser } from './get-user.js';
import { sendMail, type MailResult } from './mailer.js';
import { assertMayHandleUser } from './user-ceiling.js';

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A random password that satisfies the password rule (12 characters, at least two digits). */
function randomPassword(): string {
  const bytes = crypto.randomBytes(12);
  const chars = Array.from(bytes.subarray(0, 10), (b) => PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length]!);
  const digits = Array.from(bytes.subarray(10), (b) => String(b % 10));
  const all = [...chars, ...digits];
  // Put the digits somewhere random, not always at the end.
  for (let i = all.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.join('');
}

/**
 * Gives the user a new random password and e-mails it to them. Their sessions end (token version).
 * The mail is sent inside the transaction: if it cannot be delivered, the old password stays.
 */
export async function resetPassword(db: Db, config: Config, ctx: Ctx, id: number): Promise<MailResult> {
  const target = await loadUser(db, ctx, id);
  if (target.isPlatformAdmin && target.id !== ctx.user.id && !ctx.user.isPlatformAdmin) throw notFound();
  if (!target.isPlatformAdmin) await assertMayHandleUser(db, ctx, target);
  if (!target.email) throw invalidField('email', 'system.error.noEmail');
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, id));
    await recordAction(tx, ctx, {
      entity: 'users',
      entityId: id,
      action: 'resetPassword',
      after: { email: target.email },
      groupId: target.groupId,
    });
    const l = ctx.locale;
    try {
      return await sendMail(config, {
        to: target.email!,
        subject: translate(l, 'system.mail.resetSubject'),
        text: translate(l, 'system.mail.resetBody', { name: target.name, account: target.account, password }),
      });
    } catch (err) {
      throw Object.assign(new AppError(502, 'system.error.mailFailed'), { cause: err });
    }
  });
}
