import { and, asc, eq, inArray, lt, ne, notExists, or, sql } from 'drizzle-orm';
import {
  blankRanges,
  dateIn,
  EINVOICE_TIME_ZONE,
  invoicePeriodOf,
  periodRange,
  uploadDeadline,
  uploadKindOf,
  type InvoicePeriod,
  type InvoiceUploadStatus,
} from '@gasops/shared';
import type { Db, Executor } from '../../platform/db.js';
import { einvoiceMessages, invoiceAllowances, invoices, invoiceSettings, invoiceTracks, type UploadState } from './invoices.schema.js';
import { e0402Xml, f0401Xml, f0501Xml, g0401Xml } from './mig-xml.js';
import type { UploadChannel, UploadResult } from './upload-channel.js';

/** Messages queued, put and per run at most (the next run goes on). */
const BATCH = 500;

export type UploadRun = { queued: number; sent: number; failed: number; results: number };

const dayOf = (at: Date) => dateIn(EINVOICE_TIME_ZONE, at);

/**
 * Queues the messages that are due: the issue (F0401) of every invoice without one, the void (F0501) of
 * every voided invoice without one, the allowance (G0401) of every allowance without one, and the blank numbers (E0402) of every track whose period is over and
 * that has numbers left. Each gets its deadline (shared `uploadDeadline`, Taiwan's calendar).
 */
export async function queueMessages(db: Db, now: Date): Promise<number> {
  const hasMessage = (message: 'F0401' | 'F0501') =>
    db
      .select({ one: sql`1` })
      .from(einvoiceMessages)
      .where(and(eq(einvoiceMessages.invoiceId, invoices.id), eq(einvoiceMessages.message, message)));
  const issued = await db
    .select()
    .from(invoices)
    .where(notExists(hasMessage('F0401')))
    .orderBy(asc(invoices.id))
    .limit(BATCH);
  const voided = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'voided'), notExists(hasMessage('F0501'))))
    .orderBy(asc(invoices.id))
    .limit(BATCH);
  const rows: (typeof einvoiceMessages.$inferInsert)[] = [
    ...issued.map((i) => ({
      groupId: i.groupId,
      storeId: i.storeId,
      message: 'F0401' as const,
      invoiceId: i.id,
      ref: i.number,
      deadline: uploadDeadline(uploadKindOf(i.buyerUbn), i.invoiceDate),
    })),
    ...voided.map((i) => ({
      groupId: i.groupId,
      storeId: i.storeId,
      message: 'F0501' as const,
      invoiceId: i.id,
      ref: i.number,
      deadline: uploadDeadline(uploadKindOf(i.buyerUbn), dayOf(i.voidedAt ?? now)),
    })),
  ];

  // Allowances without their G0401 (deadline: as the invoice's kind, from the allowance's date).
  const allowances = await db
    .select({ a: invoiceAllowances, buyerUbn: invoices.buyerUbn })
    .from(invoiceAllowances)
    .innerJoin(invoices, eq(invoices.id, invoiceAllowances.invoiceId))
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(einvoiceMessages)
          .where(eq(einvoiceMessages.allowanceId, invoiceAllowances.id)),
      ),
    )
    .orderBy(asc(invoiceAllowances.id))
    .limit(BATCH);
  for (const { a, buyerUbn } of allowances)
    rows.push({
      groupId: a.groupId,
      storeId: a.storeId,
      message: 'G0401',
      allowanceId: a.id,
      ref: a.number,
      deadline: uploadDeadline(uploadKindOf(buyerUbn), a.allowanceDate),
    });

  // Tracks of periods that are over (before today's period) with numbers left, not reported yet.
  const today = invoicePeriodOf(dayOf(now));
  const tracks = await db
    .select()
    .from(invoiceTracks)
    .where(
      and(
        or(lt(invoiceTracks.rocYear, today.rocYear), and(eq(invoiceTracks.rocYear, today.rocYear), lt(invoiceTracks.period, today.period))),
        sql`${invoiceTracks.used} < ${invoiceTracks.endNo} - ${invoiceTracks.startNo} + 1`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(einvoiceMessages)
            .where(eq(einvoiceMessages.trackId, invoiceTracks.id)),
        ),
      ),
    )
    .orderBy(asc(invoiceTracks.id))
    .limit(BATCH);
  for (const t of tracks) {
    const end = periodRange({ rocYear: t.rocYear, period: t.period as InvoicePeriod }).to;
    rows.push({
      groupId: t.groupId,
      storeId: t.storeId,
      message: 'E0402',
      trackId: t.id,
      ref: `${t.prefix}${String(t.startNo).padStart(8, '0')}`,
      deadline: uploadDeadline('E0402', end),
    });
  }
  if (rows.length === 0) return 0;
  const added = await db.insert(einvoiceMessages).values(rows).onConflictDoNothing().returning({ invoiceId: einvoiceMessages.invoiceId });
  await summarize(
    db,
    added.map((r) => r.invoiceId).filter((id): id is number => id !== null),
  );
  return added.length;
}

/** The XML of a queued message, from the rows as they are now; null when it cannot be made (no settings yet). */
async function xmlOf(db: Db, m: typeof einvoiceMessages.$inferSelect): Promise<string | null> {
  if (m.message === 'G0401') {
    const [row] = await db
      .select({ a: invoiceAllowances, invoice: invoices })
      .from(invoiceAllowances)
      .innerJoin(invoices, eq(invoices.id, invoiceAllowances.invoiceId))
      .where(eq(invoiceAllowances.id, m.allowanceId!));
    return g0401Xml(row!.a, row!.invoice);
  }
  if (m.message !== 'E0402') {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, m.invoiceId!));
    return m.message === 'F0401' ? f0401Xml(invoice!) : f0501Xml(invoice!);
  }
  const [track] = await db.select().from(invoiceTracks).where(eq(invoiceTracks.id, m.trackId!));
  const [settings] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.storeId, m.storeId));
  if (!track || !settings) return null;
  const numbers = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.trackId, track.id));
  const ranges = blankRanges(
    track.startNo,
    track.endNo,
    numbers.map((n) => Number(n.number.slice(2))),
  );
  return e0402Xml({
    headBan: settings.sellerUbn,
    branchBan: settings.sellerUbn,
    rocYear: track.rocYear,
    period: track.period as InvoicePeriod,
    prefix: track.prefix,
    ranges,
  });
}

/** A process that took a message this long ago and left it queued has stopped: the message may be taken again. */
const TAKE_STALE_MINUTES = 10;

/**
 * Takes a queued message for this process before it is put (one UPDATE): the upload job runs in every
 * server process, and only the one that takes a message puts it. False when another one has it.
 */
async function take(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .update(einvoiceMessages)
    .set({ puttingSince: sql`now()` })
    .where(
      sql`${einvoiceMessages.id} = ${id} AND ${einvoiceMessages.state} = 'queued'
        AND (${einvoiceMessages.puttingSince} IS NULL OR ${einvoiceMessages.puttingSince} < now() - ${TAKE_STALE_MINUTES}::int * interval '1 minute')`,
    )
    .returning({ id: einvoiceMessages.id });
  return !!row;
}

/**
 * Puts the queued messages into the channel in the order they were queued (a void or an allowance never
 * before its invoice's issue), each taken first (`take`: several processes never put one twice). A put that
 * fails leaves the message queued with the error, tried again next run.
 */
export async function sendQueued(db: Db, channel: UploadChannel, now: Date): Promise<{ sent: number; failed: number }> {
  const queued = await db
    .select()
    .from(einvoiceMessages)
    .where(eq(einvoiceMessages.state, 'queued'))
    .orderBy(asc(einvoiceMessages.id))
    .limit(BATCH);
  let sent = 0;
  let failed = 0;
  const touched: number[] = [];
  for (const m of queued) {
    if (m.message === 'F0501' || m.message === 'G0401') {
      // A void or an allowance goes after its invoice's issue.
      const invoiceId =
        m.invoiceId ??
        (await db.select({ id: invoiceAllowances.invoiceId }).from(invoiceAllowances).where(eq(invoiceAllowances.id, m.allowanceId!)))[0]
          ?.id;
      const [issue] = invoiceId
        ? await db
            .select({ state: einvoiceMessages.state })
            .from(einvoiceMessages)
            .where(and(eq(einvoiceMessages.invoiceId, invoiceId), eq(einvoiceMessages.message, 'F0401')))
        : [];
      if (!issue || issue.state === 'queued') continue;
    }
    try {
      const xml = await xmlOf(db, m);
      if (xml === null) {
        // Waits for the store's e-invoice settings (the seller UBN); said on the message meanwhile.
        await db.update(einvoiceMessages).set({ error: 'no e-invoice settings for the store' }).where(eq(einvoiceMessages.id, m.id));
        continue;
      }
      if (!(await take(db, m.id))) continue;
      const fileName = await channel.put({ message: m.message, ref: m.ref, xml, at: now });
      await db
        .update(einvoiceMessages)
        .set({ state: 'sent', fileName, sentAt: now, error: null, attempts: m.attempts + 1, puttingSince: null })
        .where(eq(einvoiceMessages.id, m.id));
      sent += 1;
    } catch (err) {
      await db
        .update(einvoiceMessages)
        .set({ error: String((err as Error)?.message ?? err).slice(0, 500), attempts: m.attempts + 1, puttingSince: null })
        .where(eq(einvoiceMessages.id, m.id));
      failed += 1;
    }
    if (m.invoiceId) touched.push(m.invoiceId);
  }
  await summarize(db, touched);
  return { sent, failed };
}

/** How far a state is: a result only moves a message on (a final G / E may be replaced by a newer verdict). */
const RANK: Record<UploadState, number> = { queued: -1, sent: 0, P: 1, I: 1, C: 1, E: 2, G: 2 };

/** Applies the channel's results to the messages they name (by file name, else by message and ref). */
export async function applyResults(db: Db, results: UploadResult[], now: Date): Promise<number> {
  let applied = 0;
  const touched: number[] = [];
  for (const r of results) {
    const where = r.fileName
      ? eq(einvoiceMessages.fileName, r.fileName)
      : r.message && r.ref
        ? and(eq(einvoiceMessages.message, r.message), eq(einvoiceMessages.ref, r.ref), ne(einvoiceMessages.state, 'queued'))
        : undefined;
    if (!where) continue;
    for (const m of await db.select().from(einvoiceMessages).where(where)) {
      const from = RANK[m.state];
      const to = RANK[r.state];
      if (from < 0 || to < from || (to === from && (to < 2 || m.state === r.state))) continue;
      await db
        .update(einvoiceMessages)
        .set({ state: r.state, resultAt: now, error: r.state === 'E' ? (r.error ?? null) : null })
        .where(eq(einvoiceMessages.id, m.id));
      applied += 1;
      if (m.invoiceId) touched.push(m.invoiceId);
    }
  }
  await summarize(db, touched);
  return applied;
}

/**
 * The invoice's summary of its messages (what the lookup shows): error when one is E; good when the issue
 * and, for a voided invoice, the void are G; processing when one is on its way; else pending. The deadline
 * is the earliest of the messages not yet good (the last one's when all are).
 */
export async function summarize(db: Executor, invoiceIds: number[]): Promise<void> {
  const ids = [...new Set(invoiceIds)];
  if (ids.length === 0) return;
  const messages = await db.select().from(einvoiceMessages).where(inArray(einvoiceMessages.invoiceId, ids));
  const rows = await db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(inArray(invoices.id, ids));
  for (const inv of rows) {
    const mine = messages.filter((m) => m.invoiceId === inv.id);
    const needed = inv.status === 'voided' ? ['F0401', 'F0501'] : ['F0401'];
    const failed = mine.find((m) => m.state === 'E');
    const good = needed.every((n) => mine.some((m) => m.message === n && m.state === 'G'));
    const status: InvoiceUploadStatus = failed
      ? 'error'
      : good
        ? 'good'
        : mine.some((m) => m.state !== 'queued' && m.state !== 'G')
          ? 'processing'
          : 'pending';
    const open = mine.filter((m) => m.state !== 'G').map((m) => m.deadline);
    const all = mine.map((m) => m.deadline).sort();
    const deadline = open.length ? open.sort()[0]! : (all[all.length - 1] ?? null);
    await db
      .update(invoices)
      .set({
        uploadStatus: status,
        uploadDeadline: deadline,
        uploadError: failed?.error ?? null,
        uploadMessage: mine.some((m) => m.message === 'F0501') ? 'F0501' : mine.length ? 'F0401' : null,
      })
      .where(eq(invoices.id, inv.id));
  }
}

/** One run of the upload job: queue what is due, put it, read the channel's results. */
export async function runUpload(db: Db, channel: UploadChannel, now = new Date()): Promise<UploadRun> {
  const queued = await queueMessages(db, now);
  const { sent, failed } = await sendQueued(db, channel, now);
  const results = await applyResults(db, await channel.results(), now);
  return { queued, sent, failed, results };
}
