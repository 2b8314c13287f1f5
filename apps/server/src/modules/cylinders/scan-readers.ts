import crypto from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ScanReaderRow, scanReaderBody } from '@gasops/shared';
import { insertAudited, updateAudited } from '../../platform/audit.js';
import { isoNN, iso } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound, unauthorized } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { assertStore, groupScope, storeOf, storeScope } from '../../platform/tenancy.js';
import { scanReaders } from './cylinders.schema.js';

type Reader = typeof scanReaders.$inferSelect;

/** A reader secret: 192 random bits, URL-safe; shown once, only its SHA-256 is stored (as for scale devices). */
const newSecret = () => crypto.randomBytes(24).toString('base64url');
const hashSecret = (secret: string) => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

const toRow = (r: Reader, storeName: string): ScanReaderRow => ({
  id: r.id,
  groupId: r.groupId,
  storeId: r.storeId,
  storeName,
  name: r.name,
  kind: r.kind,
  active: r.active,
  lastSeenAt: iso(r.lastSeenAt),
  createdAt: isoNN(r.createdAt),
});

/** The readers of the caller's stores (few per store: not paged). */
export async function listReaders(db: Executor, ctx: Ctx): Promise<ScanReaderRow[]> {
  const rows = await db
    .select({ r: scanReaders, storeName: stores.name })
    .from(scanReaders)
    .innerJoin(stores, eq(stores.id, scanReaders.storeId))
    .where(and(isNull(scanReaders.deletedAt), groupScope(ctx, scanReaders.groupId), storeScope(ctx, scanReaders.storeId)))
    .orderBy(asc(scanReaders.storeId), asc(scanReaders.name))
    .limit(1000);
  return rows.map(({ r, storeName }) => toRow(r, storeName));
}

/** A reader the caller may touch, locked; 404 otherwise. */
async function loadReader(tx: Executor, ctx: Ctx, id: number): Promise<Reader> {
  const [r] = await tx
    .select()
    .from(scanReaders)
    .where(and(eq(scanReaders.id, id), isNull(scanReaders.deletedAt)))
    .for('update');
  if (!r) throw notFound();
  assertStore(ctx, r.storeId);
  return r;
}

/** A reader the caller may submit scans for (a phone user naming their reader); 404 otherwise. */
export async function readerOf(tx: Executor, ctx: Ctx, id: number): Promise<Reader> {
  const [r] = await tx
    .select()
    .from(scanReaders)
    .where(and(eq(scanReaders.id, id), isNull(scanReaders.deletedAt)));
  if (!r) throw notFound();
  assertStore(ctx, r.storeId);
  if (!r.active) throw invalidField('readerId', 'cylinders.error.readerAuth');
  return r;
}

export async function createReader(db: Db, ctx: Ctx, body: z.output<typeof scanReaderBody>): Promise<ScanReaderRow & { secret: string }> {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    const secret = newSecret();
    const r = await insertAudited(tx, ctx, scanReaders, {
      groupId: store.groupId,
      storeId: store.id,
      name: body.name,
      kind: body.kind,
      active: body.active,
      secretHash: hashSecret(secret),
    });
    return { ...toRow(r, store.name), secret };
  });
}

export async function updateReader(db: Db, ctx: Ctx, id: number, body: z.output<typeof scanReaderBody>): Promise<ScanReaderRow> {
  return db.transaction(async (tx) => {
    const before = await loadReader(tx, ctx, id);
    const store = await storeOf(tx, ctx, body.storeId);
    if (store.groupId !== before.groupId) throw invalidField('storeId', 'feedback.validation.invalid');
    const r = await updateAudited(tx, ctx, scanReaders, id, {
      storeId: store.id,
      name: body.name,
      kind: body.kind,
      active: body.active,
      updatedAt: new Date(),
    });
    return toRow(r, store.name);
  });
}

/** A new secret (shown once); the old one stops working at once. */
export async function renewReaderSecret(db: Db, ctx: Ctx, id: number): Promise<ScanReaderRow & { secret: string }> {
  return db.transaction(async (tx) => {
    await loadReader(tx, ctx, id);
    const secret = newSecret();
    const r = await updateAudited(tx, ctx, scanReaders, id, { secretHash: hashSecret(secret), updatedAt: new Date() });
    const [s] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, r.storeId));
    return { ...toRow(r, s!.name), secret };
  });
}

/** Retires a reader (its reads and statistics stay). */
export async function deleteReader(db: Db, ctx: Ctx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await loadReader(tx, ctx, id);
    await updateAudited(tx, ctx, scanReaders, id, { deletedAt: new Date(), active: false, updatedAt: new Date() });
  });
}

/**
 * The reader of `Authorization: Reader <id>:<secret>` (an RFID gate or handheld posting without a
 * user session), or 401. The secret is compared in constant time.
 */
export async function authenticateReader(db: Executor, authorization: string | undefined): Promise<Reader> {
  const m = /^Reader\s+(\d{1,9}):([\w-]{16,128})$/i.exec(authorization?.trim() ?? '');
  if (!m) throw unauthorized('cylinders.error.readerAuth');
  const [r] = await db
    .select()
    .from(scanReaders)
    .where(and(eq(scanReaders.id, Number(m[1])), isNull(scanReaders.deletedAt)));
  const expected = Buffer.from(r?.secretHash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(hashSecret(m[2]!), 'hex');
  if (!r || !r.active || !crypto.timingSafeEqual(expected, given)) throw unauthorized('cylinders.error.readerAuth');
  return r;
}
