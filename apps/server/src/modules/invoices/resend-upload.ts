import { and, eq, inArray, or } from 'drizzle-orm';
import type { Invoice } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { assertStore } from '../../platform/tenancy.js';
import { invoiceQuery, invoiceView } from './invoice-view.js';
import { einvoiceMessages, invoiceAllowances, invoices } from './invoices.schema.js';
import { summarize } from './upload-job.js';

/**
 * Sends again what the platform refused (E) for an invoice — its issue, its void, its allowances — once
 * the cause is fixed (the seller registered on the platform, a carrier accepted…): each refused message is
 * queued anew (new file, error cleared, its attempts kept) and goes with the next upload run. Audited
 * (action `resend`). Nothing refused: 409.
 */
export async function resendRefused(db: Db, ctx: Ctx, invoiceId: number): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice) throw notFound();
    assertStore(ctx, invoice.storeId);
    const allowanceIds = tx.select({ id: invoiceAllowances.id }).from(invoiceAllowances).where(eq(invoiceAllowances.invoiceId, invoiceId));
    const requeued = await tx
      .update(einvoiceMessages)
      .set({ state: 'queued', error: null, fileName: null, sentAt: null, resultAt: null })
      .where(
        and(
          eq(einvoiceMessages.state, 'E'),
          or(eq(einvoiceMessages.invoiceId, invoiceId), inArray(einvoiceMessages.allowanceId, allowanceIds)),
        ),
      )
      .returning({ id: einvoiceMessages.id, message: einvoiceMessages.message, ref: einvoiceMessages.ref });
    if (requeued.length === 0) throw conflict('invoices.error.nothingToResend');
    await recordAction(tx, ctx, {
      entity: 'invoices',
      entityId: invoiceId,
      action: 'resend',
      groupId: invoice.groupId,
      after: { messages: requeued },
    });
    await summarize(tx, [invoiceId]);
  });
  const [row] = await invoiceQuery(db).where(eq(invoices.id, invoiceId));
  return invoiceView(row!);
}
