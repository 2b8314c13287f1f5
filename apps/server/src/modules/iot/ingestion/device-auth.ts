import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { devices } from '../iot.schema.js';

/** A new device secret: 192 random bits, URL-safe (shown once, only its hash is stored). */
export const newDeviceSecret = () => crypto.randomBytes(24).toString('base64url');

/** SHA-256 is enough for high-entropy random secrets and keeps per-request authentication cheap. */
export const hashDeviceSecret = (secret: string) => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

function sameHash(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

type Entry = { id: number; secretHash: string; expires: number } | { id: null; expires: number };

/**
 * Device credentials with a short cache (MQTT connects and HTTP requests must not each query the
 * database). A secret rotation invalidates this process's entry at once; other instances
 * follow within the TTL.
 */
export class DeviceDirectory {
  private cache = new Map<string, Entry>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
  ) {}

  /** The cached entry without a database round trip: undefined when not cached (or expired). */
  peek(serial: string): { id: number; secretHash: string } | null | undefined {
    const hit = this.cache.get(serial);
    if (!hit || hit.expires <= Date.now()) return undefined;
    return hit.id === null ? null : { id: hit.id, secretHash: hit.secretHash };
  }

  async lookup(serial: string): Promise<{ id: number; secretHash: string } | null> {
    const now = Date.now();
    const hit = this.cache.get(serial);
    if (hit && hit.expires > now) return hit.id === null ? null : { id: hit.id, secretHash: hit.secretHash };
    const [row] = await this.db.select({ id: devices.id, secretHash: devices.secretHash }).from(devices).where(eq(devices.serial, serial));
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(serial, row ? { ...row, expires: now + this.ttlMs } : { id: null, expires: now + 5_000 });
    return row ?? null;
  }

  /** The device's id when the secret matches, else null. */
  async verify(serial: string, secret: string): Promise<number | null> {
    if (!serial || !secret || serial.length > 64 || secret.length > 256) return null;
    const entry = await this.lookup(serial);
    if (!entry) return null;
    return sameHash(entry.secretHash, hashDeviceSecret(secret)) ? entry.id : null;
  }

  invalidate(serial: string): void {
    this.cache.delete(serial);
  }
}
