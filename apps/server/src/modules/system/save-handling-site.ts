import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SiteBody, SiteRow } from '@gasops/shared';
import { insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound, taken } from '../../platform/errors.js';
import { siteRow } from './list-handling-sites.js';
import { cylinderHandlingSites as sites } from './system.schema.js';

async function assertCodeFree(db: Executor, code: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(isNull(sites.deletedAt), sql`lower(${sites.code}) = lower(${code})`, exceptId ? sql`${sites.id} <> ${exceptId}` : undefined),
    );
  if (dup) throw taken('code', 'system.error.codeTaken');
}

async function loadSite(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, id), isNull(sites.deletedAt)));
  if (!row) throw notFound();
  return row;
}

export async function createSite(db: Db, ctx: Ctx, body: SiteBody): Promise<SiteRow> {
  await assertCodeFree(db, body.code);
  return db.transaction(async (tx) => siteRow(await insertAudited(tx, ctx, sites, { ...body })));
}

export async function updateSite(db: Db, ctx: Ctx, id: number, body: SiteBody): Promise<SiteRow> {
  await loadSite(db, id);
  await assertCodeFree(db, body.code, id);
  return db.transaction(async (tx) => siteRow(await updateAudited(tx, ctx, sites, id, { ...body, updatedAt: new Date() })));
}

/** Soft delete: cylinders and stock documents that name the site keep their history. */
export async function deleteSite(db: Db, ctx: Ctx, id: number): Promise<void> {
  await loadSite(db, id);
  await db.transaction(async (tx) => {
    await updateAudited(tx, ctx, sites, id, { deletedAt: new Date(), updatedAt: new Date() });
  });
}
