import { and, asc, desc, eq } from 'drizzle-orm';
import type { InvoiceTrackPage, InvoiceTrackQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { countAll, countedPage } from '../../platform/paging.js';
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
  const rows = trackQuery(db)
    .where(where)
    .orderBy(desc(invoiceTracks.rocYear), desc(invoiceTracks.period), asc(invoiceTracks.prefix), asc(invoiceTracks.startNo))
    .$dynamic();
  const [page, lowRemaining] = await Promise.all([
    countedPage(q, rows, db.select({ total: countAll }).from(invoiceTracks).where(where), trackView),
    getParamNumber(db, ctx.user.groupId, 'INVOICE_LOW_REMAINING'),
  ]);
  return { ...page, lowRemaining };
}
