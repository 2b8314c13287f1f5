import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  defaultPrint,
  invoicePeriodOf,
  isSaleStatus,
  isValidUbn,
  MINOR_PER_DOLLAR,
  minorToDollars,
  periodLabel,
  splitTaxIncluded,
  translate,
  type InvoiceIssueInput,
} from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { runOnce } from '../../platform/idempotency.js';
import { getParamNumber } from '../../platform/params.js';
import { assertStore, groupToday, storeOf, type StoreRow } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { cylinderOperations, orderProductLines, orders, orderServiceLines } from '../orders/orders.schema.js';
import { invoiceQuery, invoiceView } from './invoice-view.js';
import { invoices, invoiceSettings, type StoredInvoiceItem } from './invoices.schema.js';
import { takeNumber } from './take-number.js';

export type IssueResult = { invoice: ReturnType<typeof invoiceView>; existing: boolean; remaining: number | null; lowRemaining: boolean };

/** Invoice lines are written in Traditional Chinese, whatever the user's language: they go to Taiwan's platform. */
const zh = (key: string, params?: Record<string, unknown>) => translate('zh-TW', key, params);
const line = (description: string, quantity: number, unitPrice: number): StoredInvoiceItem => ({
  description,
  quantity,
  unitPrice,
  amount: quantity * unitPrice,
});
const wholeDollar = (minor: number) => minor % MINOR_PER_DOLLAR === 0;

/**
 * An order's invoice lines: the gas (net of residual refunds and gas credit), its products, services and
 * cylinder operations. When a line would be negative (a returned deposit, a refund larger than the gas)
 * or not a whole dollar, the invoice carries one line for the order instead, its total rounded half up
 * to the dollar: an invoice line is a sale, never a credit.
 */
async function orderLines(tx: Tx, order: typeof orders.$inferSelect): Promise<StoredInvoiceItem[]> {
  const [products, services, cylinders] = await Promise.all([
    tx.select().from(orderProductLines).where(eq(orderProductLines.orderId, order.id)),
    tx.select().from(orderServiceLines).where(eq(orderServiceLines.orderId, order.id)),
    tx.select().from(cylinderOperations).where(eq(cylinderOperations.orderId, order.id)),
  ]);
  const gasNet = order.totalAmount - order.productsAmount - order.servicesAmount - order.cylindersAmount;
  const kg = (order.gasWeightG + order.propaneWeightG) / 1000;
  const lines: StoredInvoiceItem[] = [];
  if (gasNet !== 0) lines.push(line(`${zh('invoices.orderLine.gas')} ${kg} kg`, 1, gasNet));
  for (const p of products) lines.push(line(p.productName, p.quantity, p.unitPrice));
  for (const s of services) lines.push(line(s.content, 1, s.amount));
  for (const c of cylinders) {
    const sign = c.kind === 'return' || c.kind === 'repay' ? -1 : 1;
    if (c.amount !== 0) lines.push(line(`${c.gas} ${zh(`orders.cylinderKind.${c.kind}`)}`, c.quantity, (sign * c.amount) / c.quantity));
  }
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  const clean = lines.every((l) => l.amount > 0 && Number.isInteger(l.unitPrice) && wholeDollar(l.unitPrice)) && sum === order.totalAmount;
  if (clean) return lines;
  return [line(zh('invoices.orderLine.order', { orderNo: order.orderNo }), 1, minorToDollars(order.totalAmount) * MINOR_PER_DOLLAR)];
}

/** The order to invoice, locked (two issues of one order queue here), or its existing invoice. */
async function lockOrder(tx: Tx, ctx: Ctx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound();
  assertStore(ctx, order.storeId);
  const [existing] = await invoiceQuery(tx).where(eq(invoices.orderId, order.id));
  return { order, existing };
}

type BuyerDelivery = Pick<InvoiceIssueInput, 'buyerUbn' | 'buyerName' | 'carrierType' | 'carrierId' | 'npoban' | 'print'>;

/**
 * The buyer and delivery of an issue that names none (no buyer, carrier or donation code, and `print` left
 * out — the form always sends it): the order's customer as a company buyer when it has a unified number
 * (printed: a company without a carrier must print), else the store's default delivery — donation to its
 * default code, or a printed proof (a carrier cannot be a default: it is the customer's own number).
 */
async function defaultsFor(
  tx: Tx,
  body: InvoiceIssueInput,
  customerId: number | null,
  settings: typeof invoiceSettings.$inferSelect,
): Promise<BuyerDelivery> {
  if (body.print !== undefined || body.buyerUbn || body.buyerName || body.carrierType || body.npoban) return body;
  const [customer] = customerId
    ? await tx.select({ ubn: customers.unifiedNumber, name: customers.name }).from(customers).where(eq(customers.id, customerId))
    : [];
  if (customer?.ubn && isValidUbn(customer.ubn))
    return { buyerUbn: customer.ubn, buyerName: customer.name.slice(0, 60), carrierType: null, carrierId: null, npoban: null, print: true };
  if (settings.defaultDelivery === 'donation' && settings.defaultNpoban)
    return { buyerUbn: null, buyerName: body.buyerName, carrierType: null, carrierId: null, npoban: settings.defaultNpoban, print: false };
  return { ...body, print: true };
}

async function issueIn(tx: Tx, ctx: Ctx, body: InvoiceIssueInput): Promise<IssueResult> {
  let store: StoreRow;
  let items: StoredInvoiceItem[];
  let orderId: number | null = null;
  let customerId: number | null = null;
  if (body.orderId) {
    const { order, existing } = await lockOrder(tx, ctx, body.orderId);
    if (existing) return { invoice: invoiceView(existing), existing: true, remaining: null, lowRemaining: false };
    if (!isSaleStatus(order.status)) throw conflict('invoices.error.orderNotSale');
    store = await storeOf(tx, ctx, order.storeId);
    items = await orderLines(tx, order);
    orderId = order.id;
    customerId = order.customerId;
  } else {
    store = await storeOf(tx, ctx, body.storeId!);
    items = body.items!.map((i) => line(i.description, i.quantity, i.unitPrice));
  }
  if (!store.issuesInvoice) throw conflict('invoices.error.notIssuing');
  const [settings] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.storeId, store.id));
  if (!settings) throw conflict('invoices.error.noSettings');
  const buyer = await defaultsFor(tx, body, customerId, settings);
  const totalDollars = items.reduce((s, l) => s + l.amount, 0) / MINOR_PER_DOLLAR;
  if (totalDollars <= 0) throw conflict('invoices.error.zeroTotal');

  const date = await groupToday(tx, store.groupId);
  const period = invoicePeriodOf(date);
  const low = await getParamNumber(tx, store.groupId, 'INVOICE_LOW_REMAINING');
  // From here the track's row is locked until commit (other issuers of the store wait): only the insert follows.
  const taken = await takeNumber(tx, store.id, period);
  if (!taken) throw conflict('invoices.error.noTrack', { period: periodLabel(period) });
  const split = splitTaxIncluded(totalDollars, !!buyer.buyerUbn);
  const [row] = await tx
    .insert(invoices)
    .values({
      groupId: store.groupId,
      storeId: store.id,
      trackId: taken.trackId,
      number: taken.number,
      rocYear: period.rocYear,
      period: period.period,
      invoiceDate: date,
      orderId,
      sellerUbn: settings.sellerUbn,
      sellerName: settings.sellerName,
      buyerUbn: buyer.buyerUbn,
      buyerName: buyer.buyerName,
      carrierType: buyer.carrierType ?? null,
      carrierId: buyer.carrierType ? buyer.carrierId : null,
      npoban: buyer.npoban,
      printMark: buyer.print ?? defaultPrint({ carrierType: buyer.carrierType ?? null, npoban: buyer.npoban }),
      // Made once here and stored: a reprint shows the same code.
      randomCode: String(crypto.randomInt(0, 10_000)).padStart(4, '0'),
      salesAmount: split.sales * MINOR_PER_DOLLAR,
      taxAmount: split.tax * MINOR_PER_DOLLAR,
      totalAmount: split.total * MINOR_PER_DOLLAR,
      items,
      createdBy: ctx.user.id,
    })
    .returning();
  await recordAction(tx, ctx, { entity: 'invoices', entityId: row!.id, after: row, groupId: store.groupId });
  return {
    invoice: invoiceView({ invoice: row!, storeName: store.name, orderNo: null }),
    existing: false,
    remaining: taken.remaining,
    lowRemaining: taken.remaining < low,
  };
}

/**
 * Issues an invoice in one transaction: the next number of the store's track for today's period (on the
 * group's calendar), the random code, the lines and the tax split, the audit row. An order has one
 * invoice: issuing it again answers the first (`existing`). A repeated Idempotency-Key answers the first result.
 */
export async function issueInvoice(db: Db, ctx: Ctx, body: InvoiceIssueInput, idempotencyKey?: string): Promise<IssueResult> {
  const scope = `invoice-issue:${ctx.user.id}`;
  const { result } = await runOnce(db, scope, idempotencyKey, (tx) => issueIn(tx, ctx, body));
  if (result.existing || !body.orderId) return result;
  // Order number of the answer (the insert's row has none joined).
  const [row] = await invoiceQuery(db).where(eq(invoices.id, result.invoice.id));
  return { ...result, invoice: invoiceView(row!) };
}
