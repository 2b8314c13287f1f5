import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { INVOICE_RULE, type InvoiceTrack, type InvoiceTrackInput } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { inUse, invalidField, notFound, taken } from '../../platform/errors.js';
import { assertStore, storeOf } from '../../platform/tenancy.js';
import { invoiceTracks } from './invoices.schema.js';
import { trackQuery, trackView } from './track-view.js';

type Track = typeof invoiceTracks.$inferSelect;

async function getTrack(db: Executor, ctx: Ctx, id: number): Promise<InvoiceTrack> {
  const [row] = await trackQuery(db).where(eq(invoiceTracks.id, id));
  if (!row) throw notFound();
  assertStore(ctx, row.track.storeId);
  return trackView(row);
}

/** The track row for a change, locked; another tenant's is a 404. */
async function lockTrack(tx: Executor, ctx: Ctx, id: number): Promise<Track> {
  const [row] = await tx.select().from(invoiceTracks).where(eq(invoiceTracks.id, id)).for('update');
  if (!row) throw notFound();
  assertStore(ctx, row.storeId);
  return row;
}

/**
 * No two ranges of one prefix and period overlap in a group (the tax office gives each number out once).
 * Concurrent saves of the same prefix and period wait on one transaction lock, so two overlapping
 * ranges cannot both pass the check.
 */
async function refuseOverlap(tx: Executor, groupId: number, input: InvoiceTrackInput, exceptId?: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`invoice-track:${groupId}:${input.rocYear}:${input.period}:${input.prefix}`}))`,
  );
  const [clash] = await tx
    .select({ id: invoiceTracks.id })
    .from(invoiceTracks)
    .where(
      and(
        eq(invoiceTracks.groupId, groupId),
        eq(invoiceTracks.rocYear, input.rocYear),
        eq(invoiceTracks.period, input.period),
        eq(invoiceTracks.prefix, input.prefix),
        lte(invoiceTracks.startNo, Number(input.end)),
        gte(invoiceTracks.endNo, Number(input.start)),
        exceptId ? ne(invoiceTracks.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw taken('start', INVOICE_RULE.overlap);
}

const valuesOf = (input: InvoiceTrackInput) => ({
  rocYear: input.rocYear,
  period: input.period,
  prefix: input.prefix,
  startNo: Number(input.start),
  endNo: Number(input.end),
});

export async function createTrack(db: Db, ctx: Ctx, input: InvoiceTrackInput): Promise<InvoiceTrack> {
  const store = await storeOf(db, ctx, input.storeId);
  const id = await db.transaction(async (tx) => {
    await refuseOverlap(tx, store.groupId, input);
    const row = await insertAudited(tx, ctx, invoiceTracks, {
      groupId: store.groupId,
      storeId: store.id,
      ...valuesOf(input),
      createdBy: ctx.user.id,
    });
    return row.id;
  });
  return getTrack(db, ctx, id);
}

/**
 * A track from which numbers were taken keeps its store, year, period, prefix and start; its end may
 * move, but not below the last number issued. An unused track may change entirely.
 */
export async function updateTrack(db: Db, ctx: Ctx, id: number, input: InvoiceTrackInput): Promise<InvoiceTrack> {
  const store = await storeOf(db, ctx, input.storeId);
  await db.transaction(async (tx) => {
    const before = await lockTrack(tx, ctx, id);
    const next = valuesOf(input);
    if (before.used > 0) {
      const locked = (
        [
          ['storeId', before.storeId !== store.id],
          ['rocYear', before.rocYear !== next.rocYear],
          ['period', before.period !== next.period],
          ['prefix', before.prefix !== next.prefix],
          ['start', before.startNo !== next.startNo],
        ] as const
      ).find(([, changed]) => changed);
      if (locked) throw invalidField(locked[0], INVOICE_RULE.usedLocked);
      if (next.endNo < before.startNo + before.used - 1) throw invalidField('end', INVOICE_RULE.belowUsed);
    }
    await refuseOverlap(tx, store.groupId, input, id);
    await updateAudited(tx, ctx, invoiceTracks, id, { groupId: store.groupId, storeId: store.id, ...next, updatedAt: new Date() });
  });
  return getTrack(db, ctx, id);
}

/** Only a track no number was taken from may go. */
export async function deleteTrack(db: Db, ctx: Ctx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTrack(tx, ctx, id);
    if (row.used > 0) throw inUse('invoices.error.trackInUse');
    await deleteAudited(tx, ctx, invoiceTracks, id);
  });
}
