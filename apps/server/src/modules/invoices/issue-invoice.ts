import crypto from 'node:crypto';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  defaultPrint,
  INVOICE_RULE,
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
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { runOnce } from '../../platform/idempotency.js';
import { getParamNumber } from '../../platform/params.js';
import { assertStore, groupToday, storeOf, type StoreRow } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { cylinderOperations, monthlyBills, orderProductLines, orders, orderServiceLines } from '../orders/orders.schema.js';
import { invoiceQuery, invoiceView, type InvoiceRow } from './invoice-view.js';
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
/** An invoice line is a sale of whole dollars, never a credit. */
const sound = (l: StoredInvoiceItem) => l.amount > 0 && Number.isInteger(l.unitPrice) && wholeDollar(l.unitPrice);
const sumOf = (lines: StoredInvoiceItem[]) => lines.reduce((s, l) => s + l.amount, 0);

type Order = typeof orders.$inferSelect;
type Bill = typeof monthlyBills.$inferSelect;

type OrderParts = {
  products: (typeof orderProductLines.$inferSelect)[];
  services: (typeof orderServiceLines.$inferSelect)[];
  cylinders: (typeof cylinderOperations.$inferSelect)[];
};

/** The product, service and cylinder lines of some orders, read once for all of them (in their entry order). */
async function partsOf(tx: Tx, orderIds: number[]): Promise<(orderId: number) => OrderParts> {
  if (orderIds.length === 0) return () => ({ products: [], services: [], cylinders: [] });
  const [products, services, cylinders] = await Promise.all([
    tx.select().from(orderProductLines).where(inArray(orderProductLines.orderId, orderIds)).orderBy(asc(orderProductLines.id)),
    tx.select().from(orderServiceLines).where(inArray(orderServiceLines.orderId, orderIds)).orderBy(asc(orderServiceLines.id)),
    tx.select().from(cylinderOperations).where(inArray(cylinderOperations.orderId, orderIds)).orderBy(asc(cylinderOperations.id)),
  ]);
  return (orderId: number) => ({
    products: products.filter((p) => p.orderId === orderId),
    services: services.filter((s) => s.orderId === orderId),
    cylinders: cylinders.filter((c) => c.orderId === orderId),
  });
}

/**
 * An order's invoice lines: the gas (net of residual refunds and gas credit), its products, services and
 * cylinder operations. When a line would be negative (a returned deposit, a refund larger than the gas)
 * or not a whole dollar, the invoice carries one line for the order instead, its total rounded half up
 * to the dollar: an invoice line is a sale, never a credit. Without the gas (`withGas` false: a meter
 * bill's order, whose gas the meter bills) the lines are its products, services and cylinder operations.
 */
function orderLines(order: Order, { products, services, cylinders }: OrderParts, withGas = true): StoredInvoiceItem[] {
  const gasNet = order.totalAmount - order.productsAmount - order.servicesAmount - order.cylindersAmount;
  const expected = withGas ? order.totalAmount : order.totalAmount - gasNet;
  const kg = (order.gasWeightG + order.propaneWeightG) / 1000;
  const lines: StoredInvoiceItem[] = [];
  if (withGas && gasNet !== 0) lines.push(line(`${zh('invoices.orderLine.gas')} ${kg} kg`, 1, gasNet));
  for (const p of products) lines.push(line(p.productName, p.quantity, p.unitPrice));
  for (const s of services) lines.push(line(s.content, 1, s.amount));
  for (const c of cylinders) {
    const sign = c.kind === 'return' || c.kind === 'repay' ? -1 : 1;
    if (c.amount !== 0) lines.push(line(`${c.gas} ${zh(`orders.cylinderKind.${c.kind}`)}`, c.quantity, (sign * c.amount) / c.quantity));
  }
  if (lines.every(sound) && sumOf(lines) === expected) return lines;
  return [line(zh('invoices.orderLine.order', { orderNo: order.orderNo }), 1, minorToDollars(expected) * MINOR_PER_DOLLAR)];
}

/**
 * A monthly bill's invoice lines: by count, every line of its orders (as an order's invoice has them); by
 * meter, the metered gas (the bill's amount less its lines) and its orders' lines without their gas. When
 * the lines are not all whole positive dollars or do not add up to the bill, one line for the bill,
 * rounded half up to the dollar.
 */
function billLines(bill: Bill, billOrders: Order[], parts: (orderId: number) => OrderParts): StoredInvoiceItem[] {
  const meter = bill.mode === 'meter';
  const lines: StoredInvoiceItem[] = [];
  const gas = bill.amount - bill.linesAmount;
  if (meter && gas !== 0) {
    const usage = ((bill.currentReading ?? 0) - (bill.previousReading ?? 0)) / 1000;
    lines.push(line(zh('invoices.orderLine.meter', { period: bill.period, usage }), 1, gas));
  }
  for (const o of billOrders) lines.push(...orderLines(o, parts(o.id), !meter));
  if (lines.length > 0 && lines.every(sound) && sumOf(lines) === bill.amount) return lines;
  return [line(zh('invoices.orderLine.bill', { period: bill.period }), 1, minorToDollars(bill.amount) * MINOR_PER_DOLLAR)];
}

/** Where an invoice comes from: its store, lines, buyer's customer and source (an order, a bill, or none: by hand). */
type Source = {
  store: StoreRow;
  items: StoredInvoiceItem[];
  customerId: number | null;
  orderId: number | null;
  monthlyBillId: number | null;
  /** The answer's labels of the source (the insert's row has none joined). */
  orderNo: string | null;
  billPeriod: string | null;
};

/** The first invoice of a source, if it has one, answering with its number. */
const invoiceOf = (tx: Tx, where: SQL) => invoiceQuery(tx).where(where).limit(1);

/**
 * An order to invoice, locked (two issues of one order queue here), or its existing invoice. An order on a
 * monthly bill that has an invoice is refused: the bill's invoice covers it.
 */
async function orderSource(tx: Tx, ctx: Ctx, orderId: number): Promise<Source | InvoiceRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound();
  assertStore(ctx, order.storeId);
  const [existing] = await invoiceOf(tx, eq(invoices.orderId, order.id));
  if (existing) return existing;
  if (!isSaleStatus(order.status)) throw conflict('invoices.error.orderNotSale');
  if (order.monthlyBillId) {
    const [billInvoice] = await invoiceOf(tx, eq(invoices.monthlyBillId, order.monthlyBillId));
    if (billInvoice) throw conflict('invoices.error.billInvoiced', { number: billInvoice.invoice.number, period: billInvoice.billPeriod });
  }
  const parts = await partsOf(tx, [order.id]);
  return {
    store: await storeOf(tx, ctx, order.storeId),
    items: orderLines(order, parts(order.id)),
    customerId: order.customerId,
    orderId: order.id,
    monthlyBillId: null,
    orderNo: order.orderNo,
    billPeriod: null,
  };
}

/**
 * A monthly bill to invoice, locked with its orders (an issue of one of them waits, then sees this invoice),
 * or its existing invoice. Only a posted bill is invoiced: an unposted one may still be withdrawn (which
 * deletes it). A bill with an order that has its own invoice is refused: the order would be invoiced twice.
 */
async function billSource(tx: Tx, ctx: Ctx, billId: number): Promise<Source | InvoiceRow> {
  const [bill] = await tx.select().from(monthlyBills).where(eq(monthlyBills.id, billId)).for('update');
  if (!bill) throw notFound();
  assertStore(ctx, bill.storeId);
  const [existing] = await invoiceOf(tx, eq(invoices.monthlyBillId, bill.id));
  if (existing) return existing;
  if (bill.status !== 'posted') throw invalidField('monthlyBillId', INVOICE_RULE.billNotPosted);
  const billOrders = await tx
    .select()
    .from(orders)
    .where(eq(orders.monthlyBillId, bill.id))
    .orderBy(asc(orders.orderDate), asc(orders.id))
    .for('update');
  const ids = billOrders.map((o) => o.id);
  if (ids.length > 0) {
    const [invoiced] = await invoiceOf(tx, inArray(invoices.orderId, ids));
    if (invoiced) throw conflict('invoices.error.orderInvoiced', { number: invoiced.invoice.number, orderNo: invoiced.orderNo });
  }
  const parts = await partsOf(tx, ids);
  return {
    store: await storeOf(tx, ctx, bill.storeId),
    items: billLines(bill, billOrders, parts),
    customerId: bill.customerId,
    orderId: null,
    monthlyBillId: bill.id,
    orderNo: null,
    billPeriod: bill.period,
  };
}

/** By hand: the store and lines of the body. */
async function handSource(tx: Tx, ctx: Ctx, body: InvoiceIssueInput): Promise<Source> {
  return {
    store: await storeOf(tx, ctx, body.storeId!),
    items: body.items!.map((i) => line(i.description, i.quantity, i.unitPrice)),
    customerId: null,
    orderId: null,
    monthlyBillId: null,
    orderNo: null,
    billPeriod: null,
  };
}

type BuyerDelivery = Pick<InvoiceIssueInput, 'buyerUbn' | 'buyerName' | 'carrierType' | 'carrierId' | 'npoban' | 'print'>;

/**
 * The buyer and delivery of an issue that names none (no buyer, carrier or donation code, and `print` left
 * out — the form always sends it): the source's customer (an order's, a bill's) as a company buyer when it
 * has a unified number (printed: a company without a carrier must print), else the store's default delivery
 * — donation to its default code, or a printed proof (a carrier cannot be a default: it is the customer's own number).
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
  const found = body.orderId
    ? await orderSource(tx, ctx, body.orderId)
    : body.monthlyBillId
      ? await billSource(tx, ctx, body.monthlyBillId)
      : await handSource(tx, ctx, body);
  if ('invoice' in found) return { invoice: invoiceView(found), existing: true, remaining: null, lowRemaining: false };
  const { store, items } = found;
  if (!store.issuesInvoice) throw conflict('invoices.error.notIssuing');
  const [settings] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.storeId, store.id));
  if (!settings) throw conflict('invoices.error.noSettings');
  const buyer = await defaultsFor(tx, body, found.customerId, settings);
  const totalDollars = sumOf(items) / MINOR_PER_DOLLAR;
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
      orderId: found.orderId,
      monthlyBillId: found.monthlyBillId,
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
    invoice: invoiceView({ invoice: row!, storeName: store.name, orderNo: found.orderNo, billPeriod: found.billPeriod }),
    existing: false,
    remaining: taken.remaining,
    lowRemaining: taken.remaining < low,
  };
}

/**
 * Issues an invoice in one transaction: the next number of the store's track for today's period (on the
 * group's calendar), the random code, the lines and the tax split, the audit row. An order and a monthly
 * bill have one invoice each: issuing again answers the first (`existing`), and an order is never invoiced
 * both by itself and on its bill. A repeated Idempotency-Key answers the first result.
 */
export async function issueInvoice(db: Db, ctx: Ctx, body: InvoiceIssueInput, idempotencyKey?: string): Promise<IssueResult> {
  const scope = `invoice-issue:${ctx.user.id}`;
  const { result } = await runOnce(db, scope, idempotencyKey, (tx) => issueIn(tx, ctx, body));
  return result;
}
