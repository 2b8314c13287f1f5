import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { InvoiceListQuery, InvoicePage } from '@gasops/shared';
import { dayRange } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { listPage, selectMatching } from '../../platform/paging.js';
import { likePattern } from '../../platform/search.js';
import { storeFilter } from '../../platform/tenancy.js';
import { invoiceQuery, invoiceView } from './invoice-view.js';
import { invoices } from './invoices.schema.js';

/** Issued invoices (the coming InvoiceLookup): paged, newest first, by store, status, order, monthly bill, date range and number/buyer. */
export async function listInvoices(db: Db, ctx: Ctx, q: InvoiceListQuery): Promise<InvoicePage> {
  const pattern = q.keyword ? likePattern(q.keyword) : null;
  const where = and(
    storeFilter(ctx, invoices.storeId, q.storeId),
    q.status ? eq(invoices.status, q.status) : undefined,
    q.orderId ? eq(invoices.orderId, q.orderId) : undefined,
    q.monthlyBillId ? eq(invoices.monthlyBillId, q.monthlyBillId) : undefined,
    dayRange(invoices.invoiceDate, q.from, q.to),
    pattern ? or(ilike(invoices.number, pattern), ilike(invoices.buyerName, pattern), ilike(invoices.buyerUbn, pattern)) : undefined,
  );
  const rows = invoiceQuery(db).where(where).orderBy(desc(invoices.invoiceDate), desc(invoices.id)).$dynamic();
  return listPage(db, q, rows, selectMatching(db, invoices).where(where), invoiceView);
}
