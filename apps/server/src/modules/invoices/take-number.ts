import { sql } from 'drizzle-orm';
import { formatInvoiceNumber, type RocPeriod } from '@gasops/shared';
import { rowsOfResult, type Tx } from '../../platform/db.js';

export type TakenNumber = { trackId: number; number: string; remaining: number };

/**
 * Takes the next number of a store's tracks for a period, in the caller's transaction: one UPDATE that
 * locks the first track with numbers left and moves its `used` on. The row stays locked until the
 * transaction ends, so concurrent issuers (any process) queue on it and each gets the next number;
 * a transaction that fails rolls `used` back with it, so no number is skipped. Answers null when every
 * track of the period is used up (or the store has none).
 */
export async function takeNumber(tx: Tx, storeId: number, p: RocPeriod): Promise<TakenNumber | null> {
  const result = await tx.execute(sql`
    update invoice_tracks t set used = t.used + 1, updated_at = now()
    where t.id = (
      select id from invoice_tracks
      where store_id = ${storeId} and roc_year = ${p.rocYear} and period = ${p.period} and used <= end_no - start_no
      order by id
      limit 1
      for update
    ) and t.used <= t.end_no - t.start_no
    returning t.id, t.prefix, t.start_no + t.used - 1 as no, t.end_no - t.start_no + 1 - t.used as remaining`);
  const [row] = rowsOfResult<{ id: number; prefix: string; no: number; remaining: number }>(result);
  if (!row) return null;
  // What the store has left in the period, over all its tracks (a new booklet may already wait).
  const [left] = rowsOfResult<{ n: number }>(
    await tx.execute(sql`select coalesce(sum(end_no - start_no + 1 - used), 0)::int as n from invoice_tracks
      where store_id = ${storeId} and roc_year = ${p.rocYear} and period = ${p.period}`),
  );
  return { trackId: Number(row.id), number: formatInvoiceNumber(row.prefix, Number(row.no)), remaining: Number(left?.n ?? row.remaining) };
}
