import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoiceSettings, invoiceSettingsBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { SecretBoxConfig } from '../../platform/secret-box.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { storeOf } from '../../platform/tenancy.js';
import { getInvoiceSettings } from './invoice-settings.js';
import { invoiceSettings } from './invoices.schema.js';
import { sealQrKey } from './qr-key.js';

type Row = typeof invoiceSettings.$inferSelect;
/** A settings row for the action log: the sealed key is left out, only whether one is set. */
const loggable = (r: Row | undefined) => {
  if (!r) return null;
  const { qrAesKeyEnc, ...rest } = r;
  return { ...rest, qrAesKeySet: !!qrAesKeyEnc };
};

/** Saves a store's e-invoice settings; a new QR AES key replaces the sealed one, an absent or empty one keeps it. */
export async function saveInvoiceSettings(
  db: Db,
  ctx: Ctx,
  config: SecretBoxConfig,
  body: z.output<typeof invoiceSettingsBody>,
): Promise<InvoiceSettings> {
  const store = await storeOf(db, ctx, body.storeId);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.storeId, store.id)).for('update');
    const values = {
      storeId: store.id,
      groupId: store.groupId,
      sellerUbn: body.sellerUbn,
      sellerName: body.sellerName,
      qrAesKeyEnc: body.qrAesKey ? await sealQrKey(tx, config, body.qrAesKey) : (before?.qrAesKeyEnc ?? null),
      defaultBuyer: body.defaultBuyer,
      defaultDelivery: body.defaultDelivery,
      defaultNpoban: body.defaultNpoban,
      printerWidthMm: body.printerWidthMm as 57 | 58 | 80,
      updatedAt: new Date(),
    };
    const [after] = await tx
      .insert(invoiceSettings)
      .values(values)
      .onConflictDoUpdate({ target: invoiceSettings.storeId, set: values })
      .returning();
    await recordAction(tx, ctx, {
      entity: 'invoice_settings',
      entityId: store.id,
      groupId: store.groupId,
      before: loggable(before),
      after: loggable(after),
    });
  });
  return getInvoiceSettings(db, ctx, store.id);
}
