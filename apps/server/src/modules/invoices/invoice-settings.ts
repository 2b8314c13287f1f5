import { eq } from 'drizzle-orm';
import type { InvoiceSettings } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { storeOf } from '../../platform/tenancy.js';
import { invoiceSettings } from './invoices.schema.js';

/**
 * A store's e-invoice settings as answered: never the QR AES key, only whether one is set. A store that
 * has not saved any yet answers the defaults, with its own UBN and name as the seller's.
 */
export async function getInvoiceSettings(db: Executor, ctx: Ctx, storeId: number): Promise<InvoiceSettings> {
  const store = await storeOf(db, ctx, storeId);
  const [s] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.storeId, store.id));
  return {
    storeId: store.id,
    sellerUbn: s?.sellerUbn ?? store.unifiedNumber ?? null,
    sellerName: s?.sellerName ?? store.name,
    qrAesKeySet: !!s?.qrAesKeyEnc,
    defaultBuyer: s?.defaultBuyer ?? 'consumer',
    defaultDelivery: s?.defaultDelivery ?? 'print',
    defaultNpoban: s?.defaultNpoban ?? null,
    printerWidthMm: s?.printerWidthMm ?? 57,
    issuesInvoice: store.issuesInvoice,
    updatedAt: s ? s.updatedAt.toISOString() : null,
  };
}
