import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Executor } from './db.js';
import { systemSettings } from './platform.schema.js';

/**
 * Encryption at rest of stored credentials (a LINE channel's secret and access token…): AES-256-GCM
 * under a key derived from SECRETS_KEY (config.ts). Unset, a secret is generated once and kept in the
 * database (as JWT_SECRET is), so concurrent first starts agree on one; set it, and keep it out of the
 * database backups, in production. A sealed value is `s1.<iv>.<tag>.<ciphertext>` (base64url); the
 * optional `purpose` is bound as associated data, so a value sealed for one use does not open as another.
 */
export type SecretBoxConfig = Pick<Config, 'secretsKey'>;

const SETTING = 'secrets_key';
const keys = new WeakMap<object, Buffer>();

async function masterKey(db: Executor, config: SecretBoxConfig): Promise<Buffer> {
  const cached = keys.get(config);
  if (cached) return cached;
  let secret = config.secretsKey;
  if (!secret) {
    await db
      .insert(systemSettings)
      .values({ key: SETTING, value: crypto.randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, SETTING));
    secret = row!.value;
  }
  const key = crypto.createHash('sha256').update(`gasops-secret-box:${secret}`, 'utf8').digest();
  // Cached per config object: a configured key never changes while the process runs, nor does the stored one.
  keys.set(config, key);
  return key;
}

export async function sealSecret(db: Executor, config: SecretBoxConfig, plain: string, purpose = ''): Promise<string> {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', await masterKey(db, config), iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['s1', iv, cipher.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain text of a sealed value; throws when the key changed, the purpose differs or the value was altered. */
export async function openSecret(db: Executor, config: SecretBoxConfig, sealed: string, purpose = ''): Promise<string> {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== 's1' || !iv || !tag || ct === undefined) throw new Error('unknown sealed secret format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', await masterKey(db, config), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
