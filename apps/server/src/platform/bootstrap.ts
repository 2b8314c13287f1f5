import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from './auth.js';
import type { Config } from './config.js';
import type { Db } from './db.js';
import { users } from './platform.schema.js';

/**
 * On an empty user table, creates the first platform administrator from ADMIN_ACCOUNT /
 * ADMIN_PASSWORD; without a password a random one is generated and returned to print once.
 */
export async function bootstrapAdmin(db: Db, config: Config): Promise<{ account: string; generatedPassword: string | null } | null> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isPlatformAdmin, true)).limit(1);
  if (existing) return null;
  const generatedPassword = config.adminPassword ? null : `${crypto.randomBytes(9).toString('base64url')}7`;
  const password = config.adminPassword ?? generatedPassword!;
  await db
    .insert(users)
    .values({
      account: config.adminAccount,
      name: 'Platform administrator',
      passwordHash: await hashPassword(password),
      isPlatformAdmin: true,
      allStores: true,
    })
    .onConflictDoNothing();
  return { account: config.adminAccount, generatedPassword };
}
