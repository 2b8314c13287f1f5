import { and, asc, desc, eq } from 'drizzle-orm';
import type { InvoiceTrackPage, InvoiceTrackQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { getParamNumber } from '../../platform/params.js';
import { storeFilter } from '../../platform/tenancy.js';
import { invoiceTracks } from './invoices.schema.js';
import { trackQuery, trackView } from './track-view.js';

/** A store's tracks (screen `invoice`), newest period first; a store has a few a period, so the total is exact. */
export async function listTracks(db: Db, ctx: Ctx, q: InvoiceTrackQuery): Promise<InvoiceTrackPage> {
  const where = and(
    storeFilter(ctx, invoiceTracks.storeId, q.storeId),
    q.rocYear ? eq(invoiceTracks.rocYear, q.rocYear) : undefined,
    q.period ? eq(invoiceTracks.period, q.period) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const [rows, [agg], lowRemaining] = await Promise.all([
    trackQuery(db)
      .where(where)
      .orderBy(desc(invoiceTracks.rocYear), desc(invoiceTracks.period), asc(invoiceTracks.prefix), asc(invoiceTracks.startNo))
      .limit(limit)
      .offset(offset),
    db.select({ n: countAll }).from(invoiceTracks).where(where),
    getParamNumber(db, ctx.user.groupId, 'INVOICE_LOW_REMAINING'),
  ]);
  return { items: rows.map(trackView), total: agg?.n ?? 0, page: q.page, pageSize: q.pageSize, lowRemaining };
}
