import { eq } from 'drizzle-orm';
import { voidDeadline, type Invoice, type InvoicePeriod } from '@gasops/shared';
import { updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { assertStore, groupToday } from '../../platform/tenancy.js';
import { invoiceQuery, invoiceView } from './invoice-view.js';
import { invoices } from './invoices.schema.js';

/**
 * Voids (作廢) an issued invoice with a reason, until its period's filing deadline (period end + 15 days,
 * on the group's calendar); later only an allowance can correct it. The number stays taken.
 */
export async function voidInvoice(db: Db, ctx: Ctx, id: number, reason: string): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!row) throw notFound();
    assertStore(ctx, row.storeId);
    if (row.status === 'voided') throw conflict('invoices.error.alreadyVoided');
    if (row.status === 'allowance') throw conflict('invoices.error.voidHasAllowance');
    const deadline = voidDeadline({ rocYear: row.rocYear, period: row.period as InvoicePeriod });
    if ((await groupToday(tx, row.groupId)) > deadline) throw conflict('invoices.error.voidDeadline', { deadline });
    await updateAudited(tx, ctx, invoices, id, { status: 'voided', voidReason: reason, voidedAt: new Date(), voidedBy: ctx.user.id });
  });
  const [row] = await invoiceQuery(db).where(eq(invoices.id, id));
  return invoiceView(row!);
}
