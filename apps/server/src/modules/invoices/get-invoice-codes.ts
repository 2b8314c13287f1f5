import { eq } from 'drizzle-orm';
import { code39Content, MINOR_PER_DOLLAR, qrTexts, type InvoiceCodes, type InvoicePeriod } from '@gasops/shared';
import type { SecretBoxConfig } from '../../platform/secret-box.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { assertStore } from '../../platform/tenancy.js';
import { invoices, invoiceSettings } from './invoices.schema.js';
import { openQrKey, verificationField } from './qr-key.js';

/**
 * What the proof's Code39 and two QR codes hold (DOMAIN.md), for the coming proof printing: the QR
 * texts need the store's QR AES key and are null without one.
 */
export async function getInvoiceCodes(db: Db, ctx: Ctx, config: SecretBoxConfig, id: number): Promise<InvoiceCodes> {
  const [row] = await db
    .select({ invoice: invoices, sealed: invoiceSettings.qrAesKeyEnc })
    .from(invoices)
    .leftJoin(invoiceSettings, eq(invoiceSettings.storeId, invoices.storeId))
    .where(eq(invoices.id, id));
  if (!row) throw notFound();
  const i = row.invoice;
  assertStore(ctx, i.storeId);
  const code39 = code39Content({ rocYear: i.rocYear, period: i.period as InvoicePeriod }, i.number, i.randomCode);
  if (!row.sealed) return { code39, qrLeft: null, qrRight: null };
  const key = await openQrKey(db, config, row.sealed);
  const { left, right } = qrTexts(
    {
      number: i.number,
      date: i.invoiceDate,
      randomCode: i.randomCode,
      sales: i.salesAmount / MINOR_PER_DOLLAR,
      total: i.totalAmount / MINOR_PER_DOLLAR,
      buyerUbn: i.buyerUbn,
      sellerUbn: i.sellerUbn,
      verification: verificationField(key, i.number, i.randomCode),
    },
    i.items.map((it) => ({ description: it.description, quantity: it.quantity, unitPrice: it.unitPrice / MINOR_PER_DOLLAR })),
  );
  return { code39, qrLeft: left, qrRight: right };
}
