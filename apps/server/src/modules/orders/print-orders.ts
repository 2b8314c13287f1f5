import { eq } from 'drizzle-orm';
import { formatMoneyMinor, translate, wallClockIn, type Locale, type OrderDetail } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { PrintDocument } from '../../platform/pdf.js';
import { stores } from '../../platform/platform.schema.js';
import { groupSettingsOf } from '../../platform/tenancy.js';
import { getDispatchLoad } from './get-dispatch-load.js';
import { getOrder } from './get-order.js';

/**
 * The printed papers of orders (issue 11): an order's delivery slip, one copy for the driver and one
 * for the customer, and a day's orders per delivery person, as PDF (platform/pdf.ts).
 */

const kg = (grams: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(grams / 1000);

/** The delivery slip of one order: two copies (driver, customer) on one A4 page. */
export async function printOrderSlip(db: Executor, ctx: Ctx, id: number, locale: Locale): Promise<{ pdf: Buffer; orderNo: string }> {
  const order = await getOrder(db, ctx, id);
  const { currency, timeZone } = await groupSettingsOf(db, ctx, order.storeId);
  const [store] = await db.select({ phone: stores.phone, address: stores.address }).from(stores).where(eq(stores.id, order.storeId));
  const t = (key: string, params?: Record<string, unknown>) => translate(locale, key, params);
  const money = (minor: number) => formatMoneyMinor(minor, currency, locale);
  const doc = await PrintDocument.open(`${t('common.printDoc.slip')} ${order.orderNo}`);
  for (const copy of ['driverCopy', 'customerCopy'] as const) {
    if (copy === 'customerCopy') doc.gap(10).rule().gap(10);
    slipCopy(doc, order, { t, money, locale, timeZone, copy, storePhone: store?.phone ?? null, storeAddress: store?.address ?? null });
  }
  return { pdf: await doc.finish(), orderNo: order.orderNo };
}

type SlipContext = {
  t: (key: string, params?: Record<string, unknown>) => string;
  money: (minor: number) => string;
  locale: string;
  timeZone: string;
  copy: 'driverCopy' | 'customerCopy';
  storePhone: string | null;
  storeAddress: string | null;
};

function slipCopy(doc: PrintDocument, o: OrderDetail, c: SlipContext) {
  const { t, money } = c;
  doc.heading(`${o.storeName} · ${t('common.printDoc.slip')} (${t(`common.printDoc.${c.copy}`)})`, 13);
  if (c.storePhone || c.storeAddress)
    doc.text([c.storeAddress, c.storePhone ? `${t('common.printDoc.phone')} ${c.storePhone}` : null].filter(Boolean).join('  '), 8, {
      color: '#555555',
    });
  doc.gap(4);
  doc.fields(
    [
      [t('orders.field.orderNo'), o.orderNo],
      [t('orders.field.orderDate'), o.orderDate],
      [t('orders.field.customer'), o.customerName ?? '—'],
      [t('common.printDoc.phone'), o.customerPhone ?? '—'],
      [t('orders.field.deliveryAddress'), o.deliveryAddress ?? '—'],
      [
        t('orders.field.deliveryAt'),
        o.deliveryAt ? wallClockIn(c.timeZone, new Date(o.deliveryAt)).slice(0, 16) : (o.preferredTime ?? '—'),
      ],
      [t('orders.field.deliveryPerson'), o.deliveryPersonName ?? t('common.printDoc.unassigned')],
      [t('orders.field.status'), t(`orders.status.${o.status}`)],
    ],
    9,
  );
  doc.gap(4);
  const rows: string[][] = [];
  if (o.gasWeightG > 0 || o.gasAmount > 0)
    rows.push([t('orders.field.gas'), kg(o.gasWeightG, c.locale), money(o.gasUnitPrice), money(o.gasAmount)]);
  if (o.gasRefundAmount > 0) rows.push([t('orders.field.gasRefund'), kg(o.residualGasG, c.locale), '', money(-o.gasRefundAmount)]);
  if (o.propaneWeightG > 0 || o.propaneAmount > 0)
    rows.push([t('orders.field.propaneAmount'), kg(o.propaneWeightG, c.locale), money(o.propaneUnitPrice), money(o.propaneAmount)]);
  if (o.propaneRefundAmount > 0)
    rows.push([t('orders.field.propaneRefund'), kg(o.propaneResidualG, c.locale), '', money(-o.propaneRefundAmount)]);
  if (o.creditAmount > 0) rows.push([t('orders.credit.used'), kg(o.creditUsedG, c.locale), '', money(-o.creditAmount)]);
  for (const p of o.products) rows.push([p.productName, String(p.quantity), money(p.unitPrice), money(p.amount)]);
  for (const s of o.services) rows.push([s.content, '', '', money(s.amount)]);
  if (o.cylindersAmount !== 0) rows.push([t('orders.field.cylindersAmount'), '', '', money(o.cylindersAmount)]);
  rows.push([t('common.printDoc.total'), '', '', money(o.totalAmount)]);
  doc.table(
    [
      { title: t('orders.field.product'), width: 5 },
      { title: `${t('orders.field.quantity')} / kg`, width: 2, align: 'right' },
      { title: t('orders.field.unitPrice'), width: 2, align: 'right' },
      { title: t('orders.field.amount'), width: 2, align: 'right' },
    ],
    rows,
  );
  if (o.remark) doc.gap(4).text(`${t('orders.field.remark')}: ${o.remark}`, 9);
  doc.gap(14).text(`${t('common.printDoc.signature')}: ______________________________`, 10);
}

/** A day's orders of a store per delivery person (one person, or all of them, each from a new page). */
export async function printDaySheet(
  db: Executor,
  ctx: Ctx,
  q: { storeId: number; date: string; deliveryPersonId?: number },
  locale: Locale,
): Promise<Buffer> {
  const load = await getDispatchLoad(db, ctx, q);
  const people = q.deliveryPersonId === undefined ? load : load.filter((p) => p.userId === q.deliveryPersonId);
  if (q.deliveryPersonId !== undefined && people.length === 0) throw invalidField('deliveryPersonId', 'feedback.validation.invalid');
  const { timeZone } = await groupSettingsOf(db, ctx, q.storeId);
  const [store] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, q.storeId));
  const t = (key: string, params?: Record<string, unknown>) => translate(locale, key, params);
  const doc = await PrintDocument.open(`${t('common.printDoc.daySheet', { date: q.date })} ${store?.name ?? ''}`);
  people.forEach((p, i) => {
    if (i > 0) doc.pageBreak();
    doc.heading(`${t('common.printDoc.daySheet', { date: q.date })} · ${store?.name ?? ''}`, 14);
    doc.text(`${t('orders.field.deliveryPerson')}: ${p.name} (${p.account}) · ${t('orders.dispatch.loadCount', { count: p.count })}`, 10, {
      bold: true,
    });
    doc.gap(4);
    if (p.orders.length === 0) {
      doc.text(t('common.printDoc.noOrders'), 9, { color: '#555555' });
      return;
    }
    doc.table(
      [
        { title: t('orders.field.orderNo'), width: 3 },
        { title: t('orders.field.deliveryAt'), width: 2 },
        { title: t('orders.field.customer'), width: 3 },
        { title: t('orders.field.deliveryAddress'), width: 5 },
        { title: t('orders.field.gasWeight'), width: 2, align: 'right' },
        { title: t('orders.field.status'), width: 2 },
        { title: 'OK', width: 1, align: 'center' },
      ],
      p.orders.map((o) => [
        o.orderNo,
        o.deliveryAt ? wallClockIn(timeZone, new Date(o.deliveryAt)).slice(11, 16) : '',
        o.customerName ?? '',
        o.deliveryAddress ?? '',
        kg(o.gasWeightG, locale),
        t(`orders.status.${o.status}`),
        '',
      ]),
    );
  });
  if (people.length === 0) doc.text(t('orders.dispatch.noPersons'), 10);
  return doc.finish();
}
