import { desc, eq, gt } from 'drizzle-orm';
import { formatInvoiceNumber, type InvoiceCheck } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { canTouchStore } from '../../platform/tenancy.js';
import { invoiceChecks, invoices, invoiceTracks, type TrackProblem } from './invoices.schema.js';

/** Problems kept per track (a broken track is reported, not listed to the last number). */
const MAX_PER_TRACK = 100;

type Track = typeof invoiceTracks.$inferSelect;

/**
 * The problems of one track: every number start … start + used − 1 must be issued exactly once (voided
 * ones included: a voided number stays taken); an invoice of the track outside that range is reported too.
 */
export function trackProblems(t: Track, numbers: string[]): TrackProblem[] {
  const at = { trackId: t.id, storeId: t.storeId, prefix: t.prefix, rocYear: t.rocYear, period: t.period };
  const count = new Map<string, number>();
  for (const n of numbers) count.set(n, (count.get(n) ?? 0) + 1);
  const out: TrackProblem[] = [];
  for (let n = t.startNo; n < t.startNo + t.used && out.length < MAX_PER_TRACK; n++) {
    const number = formatInvoiceNumber(t.prefix, n);
    const c = count.get(number) ?? 0;
    if (c === 0) out.push({ ...at, kind: 'gap', number });
    else if (c > 1) out.push({ ...at, kind: 'duplicate', number });
    count.delete(number);
  }
  for (const number of count.keys()) if (out.length < MAX_PER_TRACK) out.push({ ...at, kind: 'outside', number });
  return out;
}

/**
 * The daily check of every group's tracks that have numbers taken: stores one `invoice_checks` row per
 * group (its problems, possibly none) and answers the problems found, for the log.
 */
export async function checkTracks(db: Db, now = new Date()): Promise<{ groups: number; problems: TrackProblem[] }> {
  const tracks = await db.select().from(invoiceTracks).where(gt(invoiceTracks.used, 0)).orderBy(invoiceTracks.id);
  const byGroup = new Map<number, Track[]>();
  for (const t of tracks) byGroup.set(t.groupId, [...(byGroup.get(t.groupId) ?? []), t]);
  const all: TrackProblem[] = [];
  for (const [groupId, list] of byGroup) {
    const problems: TrackProblem[] = [];
    for (const t of list) {
      const rows = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.trackId, t.id));
      problems.push(
        ...trackProblems(
          t,
          rows.map((r) => r.number),
        ),
      );
    }
    await db.insert(invoiceChecks).values({ groupId, checkedAt: now, tracks: list.length, problems });
    all.push(...problems);
  }
  return { groups: byGroup.size, problems: all };
}

/** The latest check of the user's group, its problems narrowed to the user's stores (GET /invoices/checks). */
export async function latestCheck(db: Db, ctx: Ctx): Promise<InvoiceCheck> {
  const groupId = ctx.user.groupId;
  const [row] =
    groupId === null
      ? []
      : await db
          .select()
          .from(invoiceChecks)
          .where(eq(invoiceChecks.groupId, groupId))
          .orderBy(desc(invoiceChecks.checkedAt), desc(invoiceChecks.id))
          .limit(1);
  if (!row) return { checkedAt: null, tracks: 0, problems: [] };
  return {
    checkedAt: row.checkedAt.toISOString(),
    tracks: row.tracks,
    problems: row.problems.filter((p) => canTouchStore(ctx, p.storeId)),
  };
}
