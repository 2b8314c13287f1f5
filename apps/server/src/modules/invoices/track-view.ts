import { eq } from 'drizzle-orm';
import { formatInvoiceNumber, isWholeBooklets, periodCode, trackSize, type InvoicePeriod, type InvoiceTrack } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { stores } from '../../platform/platform.schema.js';
import { invoiceTracks } from './invoices.schema.js';

/** A track with its store's name, as lists and single reads select it. */
export function trackQuery(db: Executor) {
  return db
    .select({ track: invoiceTracks, storeName: stores.name })
    .from(invoiceTracks)
    .innerJoin(stores, eq(stores.id, invoiceTracks.storeId));
}

const eight = (n: number) => String(n).padStart(8, '0');

/** The API's view of a track: numbers as 8-digit strings, size, remaining, the next number, the booklet warning. */
export function trackView({ track: t, storeName }: { track: typeof invoiceTracks.$inferSelect; storeName: string }): InvoiceTrack {
  const size = trackSize(t.startNo, t.endNo);
  return {
    id: t.id,
    storeId: t.storeId,
    storeName,
    rocYear: t.rocYear,
    period: t.period,
    periodCode: periodCode({ rocYear: t.rocYear, period: t.period as InvoicePeriod }),
    prefix: t.prefix,
    start: eight(t.startNo),
    end: eight(t.endNo),
    size,
    used: t.used,
    remaining: size - t.used,
    next: t.used < size ? formatInvoiceNumber(t.prefix, t.startNo + t.used) : null,
    notWholeBooklets: !isWholeBooklets(t.startNo, t.endNo),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
