import { asc, eq, inArray } from 'drizzle-orm';
import {
  allowanceItems,
  allowedByLine,
  allowanceNumber,
  MAX_ALLOWANCES,
  uploadDeadline,
  uploadKindOf,
  type Invoice,
  type InvoiceAllowance,
  type InvoiceAllowanceBody,
} from '@gasops/shared';
import { insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { runOnce } from '../../platform/idempotency.js';
import { assertStore, groupToday } from '../../platform/tenancy.js';
import { invoiceQuery, invoiceView } from './invoice-view.js';
import { einvoiceMessages, invoiceAllowances, invoices } from './invoices.schema.js';

type AllowanceRow = typeof invoiceAllowances.$inferSelect;
type MessageRow = typeof einvoiceMessages.$inferSelect;

/** An allowance as answered, with the state of its G0401 (none yet: its deadline from its date and buyer). */
function allowanceView(a: AllowanceRow, message: MessageRow | undefined, buyerUbn: string | null): InvoiceAllowance {
  return {
    id: a.id,
    invoiceId: a.invoiceId,
    number: a.number,
    date: a.allowanceDate,
    reason: a.reason,
    salesAmount: a.salesAmount,
    taxAmount: a.taxAmount,
    totalAmount: a.totalAmount,
    items: a.items,
    uploadState: message?.state ?? null,
    uploadDeadline: message?.deadline ?? uploadDeadline(uploadKindOf(buyerUbn), a.allowanceDate),
    uploadError: message?.error ?? null,
    createdAt: a.createdAt.toISOString(),
  };
}

async function allowancesOf(db: Executor, invoiceId: number, buyerUbn: string | null): Promise<InvoiceAllowance[]> {
  const rows = await db
    .select()
    .from(invoiceAllowances)
    .where(eq(invoiceAllowances.invoiceId, invoiceId))
    .orderBy(asc(invoiceAllowances.id));
  const ids = rows.map((r) => r.id);
  const messages = ids.length ? await db.select().from(einvoiceMessages).where(inArray(einvoiceMessages.allowanceId, ids)) : [];
  return rows.map((r) =>
    allowanceView(
      r,
      messages.find((m) => m.allowanceId === r.id),
      buyerUbn,
    ),
  );
}

/** The allowances of an invoice the user may see (oldest first). */
export async function listAllowances(db: Db, ctx: Ctx, invoiceId: number): Promise<{ items: InvoiceAllowance[] }> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw notFound();
  assertStore(ctx, row.storeId);
  return { items: await allowancesOf(db, row.id, row.buyerUbn) };
}

/**
 * Issues an allowance (折讓) on an issued invoice, dated the group's today: the lines it names, each at
 * most what is left of it after the earlier allowances (shared `allowanceItems`), the tax split per line.
 * In one transaction with the invoice locked: the allowance, the invoice's status `allowance` and its
 * allowed sum, the audit rows, once per Idempotency-Key. The G0401 is queued by the next upload run (upload-job.ts).
 */
export async function issueAllowance(
  db: Db,
  ctx: Ctx,
  invoiceId: number,
  body: InvoiceAllowanceBody,
  idempotencyKey?: string,
): Promise<{ allowance: InvoiceAllowance; invoice: Invoice }> {
  // A repeated Idempotency-Key (double click, retry) answers the first allowance, as it is now.
  const { result: allowanceId } = await runOnce(db, `invoice-allowance:${ctx.user.id}`, idempotencyKey, async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!row) throw notFound();
    assertStore(ctx, row.storeId);
    if (row.status === 'voided') throw conflict('invoices.error.allowanceOnVoided');
    const earlier = await tx.select().from(invoiceAllowances).where(eq(invoiceAllowances.invoiceId, row.id));
    if (earlier.length >= MAX_ALLOWANCES) throw conflict('invoices.error.tooManyAllowances');
    const { items, errors } = allowanceItems(row.items, allowedByLine(earlier), body.lines);
    const [first] = Object.values(errors);
    if (first) throw new AppError(400, first, undefined, errors);
    const sum = (f: (i: (typeof items)[number]) => number) => items.reduce((n, i) => n + f(i), 0);
    const allowance = await insertAudited(tx, ctx, invoiceAllowances, {
      groupId: row.groupId,
      storeId: row.storeId,
      invoiceId: row.id,
      number: allowanceNumber(row.number, earlier.length + 1),
      allowanceDate: await groupToday(tx, row.groupId),
      reason: body.reason,
      salesAmount: sum((i) => i.salesAmount),
      taxAmount: sum((i) => i.taxAmount),
      totalAmount: sum((i) => i.amount),
      items,
      createdBy: ctx.user.id,
    });
    await updateAudited(tx, ctx, invoices, row.id, { status: 'allowance', allowanceAmount: row.allowanceAmount + allowance.totalAmount });
    return allowance.id;
  });
  const [a] = await db.select().from(invoiceAllowances).where(eq(invoiceAllowances.id, allowanceId));
  const [inv] = await invoiceQuery(db).where(eq(invoices.id, invoiceId));
  return { allowance: allowanceView(a!, undefined, inv!.invoice.buyerUbn), invoice: invoiceView(inv!) };
}
