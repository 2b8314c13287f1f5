import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  allowanceItems,
  allowanceNumber,
  dateIn,
  EINVOICE_TIME_ZONE,
  formatInvoiceNumber,
  invoicePeriodOf,
  MINOR_PER_DOLLAR,
  minorToDollars,
  periodRange,
  SALE_STATUSES,
  shiftDate,
  splitTaxIncluded,
  translate,
  type CarrierType,
  type RocPeriod,
} from '@gasops/shared';
import type { DemoSeed } from '../../platform/demo.js';
import { rng } from '../../platform/demo-random.js';
import { stores } from '../../platform/platform.schema.js';
import { customers } from '../customers/customers.schema.js';
import { monthlyBills, orders } from '../orders/orders.schema.js';
import { invoiceAllowances, invoices, invoiceSettings, invoiceTracks, type StoredInvoiceItem } from './invoices.schema.js';
import { sealQrKey } from './qr-key.js';

const zh = (key: string, params?: Record<string, unknown>) => translate('zh-TW', key, params);

/** The period before `p` (Jan–Feb 115 → Nov–Dec 114). */
const previousPeriod = (p: RocPeriod): RocPeriod => invoicePeriodOf(shiftDate(periodRange(p).from, { days: -1 }));

/** How a demo invoice reaches its buyer: printed, on a mobile barcode, donated; a customer with a unified number gets a B2B invoice. */
type Delivery = { carrierType: CarrierType | null; carrierId: string | null; npoban: string | null; printMark: boolean };
const DELIVERIES: Delivery[] = [
  { carrierType: null, carrierId: null, npoban: null, printMark: true },
  { carrierType: '3J0002', carrierId: '/ABC+123', npoban: null, printMark: false },
  { carrierType: null, carrierId: null, npoban: '919', printMark: false },
  { carrierType: '3J0002', carrierId: '/GAS.520', npoban: null, printMark: false },
];

/**
 * The e-invoice demo (docs/INVOICES.md): the two stores that issue uniform invoices have their
 * e-invoice settings (with a random QR AES key of their own, so proofs print their QR codes) and tracks; the previous period's numbers of both and the current period's of 板橋店
 * are given out to recent completed or paid orders, numbered in date order, one voided. 中山店 has no
 * track for the current period yet, as a shop waiting for its numbers (the e2e journey defines one).
 * 板橋店's small booklet runs low. The newest posted monthly bill of an issuing store that falls in a
 * track's period is invoiced as a whole (its orders are not, one by one). Invoice lines are the order (or
 * bill) in one line, as the server writes one whose lines are not all whole positive dollars.
 */
export const seedInvoicesDemo: DemoSeed = async (tx, demo) => {
  const r = rng(20260714);
  const issuing = await tx
    .select()
    .from(stores)
    .where(and(eq(stores.groupId, demo.groupId), eq(stores.issuesInvoice, true)))
    .orderBy(asc(stores.id));
  if (issuing.length === 0) return;
  // Each store's QR AES key, made here and sealed as the app opens it: the demo's proofs print their QR codes.
  const qrKeys = await Promise.all(issuing.map(() => sealQrKey(tx, demo.secrets, crypto.randomBytes(16).toString('hex'))));
  await tx.insert(invoiceSettings).values(
    issuing.map((s, i) => ({
      storeId: s.id,
      qrAesKeyEnc: qrKeys[i],
      groupId: demo.groupId,
      sellerUbn: s.unifiedNumber ?? '04595257',
      sellerName: s.name,
      defaultBuyer: 'consumer' as const,
      defaultDelivery: 'print' as const,
      defaultNpoban: '919',
      printerWidthMm: 57 as const,
    })),
  );

  const current = invoicePeriodOf(demo.today);
  const previous = previousPeriod(current);
  // Tracks: [store index, period, prefix, size, invoices to issue]. A prefix + period is unique in the group.
  const plan: [number, RocPeriod, string, number, number][] = [
    [0, previous, 'QA', 250, 8],
    [1, previous, 'QB', 100, 5],
    [1, current, 'RB', 50, 4],
  ];
  // One posted monthly bill of an issuing store is invoiced as a whole (its orders then are not, one by
  // one): the newest one with something to invoice, dated the day its payment was posted.
  const postedBills = await tx
    .select({ bill: monthlyBills, unifiedNumber: customers.unifiedNumber, customerName: customers.name })
    .from(monthlyBills)
    .innerJoin(customers, eq(customers.id, monthlyBills.customerId))
    .where(
      and(
        eq(monthlyBills.groupId, demo.groupId),
        eq(monthlyBills.status, 'posted'),
        inArray(
          monthlyBills.storeId,
          issuing.map((s) => s.id),
        ),
        gte(monthlyBills.amount, MINOR_PER_DOLLAR),
      ),
    )
    .orderBy(desc(monthlyBills.postedAt), asc(monthlyBills.id));
  const postedOn = (b: typeof monthlyBills.$inferSelect) => dateIn(EINVOICE_TIME_ZONE, b.postedAt!);
  /** A track's store posted the bill within the track's period (until today). */
  const inTrack = (b: typeof monthlyBills.$inferSelect, storeIndex: number, period: RocPeriod) => {
    const range = periodRange(period);
    const day = postedOn(b);
    return issuing[storeIndex]?.id === b.storeId && day >= range.from && day <= range.to && day <= demo.today;
  };
  const billed = postedBills.find(({ bill }) => plan.some(([storeIndex, period]) => inTrack(bill, storeIndex, period)));

  for (const [storeIndex, period, prefix, size, count] of plan) {
    const store = issuing[storeIndex];
    if (!store) continue;
    const range = periodRange(period);
    const to = range.to < demo.today ? range.to : demo.today;
    const billHere = billed && inTrack(billed.bill, storeIndex, period) ? billed : undefined;
    const sales = await tx
      .select({ order: orders, unifiedNumber: customers.unifiedNumber, customerName: customers.name })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(
        and(
          eq(orders.storeId, store.id),
          inArray(orders.status, [...SALE_STATUSES]),
          gte(orders.orderDate, range.from),
          lte(orders.orderDate, to),
        ),
      )
      .orderBy(asc(orders.orderDate), asc(orders.id));
    // The invoiced bill's orders are never invoiced one by one as well.
    const invoiceable = sales.filter((s) => s.order.totalAmount >= MINOR_PER_DOLLAR && s.order.monthlyBillId !== billed?.bill.id);
    const chosen = invoiceable.slice(Math.max(0, invoiceable.length - (billHere ? count - 1 : count)));
    // What this track's numbers go to, in date order: the chosen orders and the bill.
    type Sale = { date: string; minor: number; line: string; unifiedNumber: string | null; customerName: string | null };
    const given: (Sale & { orderId: number | null; monthlyBillId: number | null })[] = [
      ...chosen.map(({ order, unifiedNumber, customerName }) => ({
        date: order.orderDate,
        minor: order.totalAmount,
        line: zh('invoices.orderLine.order', { orderNo: order.orderNo }),
        unifiedNumber,
        customerName,
        orderId: order.id,
        monthlyBillId: null,
      })),
      ...(billHere
        ? [
            {
              date: postedOn(billHere.bill),
              minor: billHere.bill.amount,
              line: zh('invoices.orderLine.bill', { period: billHere.bill.period }),
              unifiedNumber: billHere.unifiedNumber,
              customerName: billHere.customerName,
              orderId: null,
              monthlyBillId: billHere.bill.id,
            },
          ]
        : []),
    ].sort((x, y) => x.date.localeCompare(y.date));
    const [track] = await tx
      .insert(invoiceTracks)
      .values({
        groupId: demo.groupId,
        storeId: store.id,
        rocYear: period.rocYear,
        period: period.period,
        prefix,
        startNo: 0,
        endNo: size - 1,
        used: given.length,
        createdBy: demo.users.manager,
      })
      .returning();
    if (given.length === 0) continue;
    const settings = { sellerUbn: store.unifiedNumber ?? '04595257', sellerName: store.name };
    await tx.insert(invoices).values(
      given.map(({ date, minor, line, unifiedNumber, customerName, orderId, monthlyBillId }, i) => {
        const dollars = minorToDollars(minor);
        const items: StoredInvoiceItem[] = [
          { description: line, quantity: 1, unitPrice: dollars * MINOR_PER_DOLLAR, amount: dollars * MINOR_PER_DOLLAR },
        ];
        const business = !!unifiedNumber;
        const delivery = business ? DELIVERIES[0]! : DELIVERIES[i % DELIVERIES.length]!;
        const split = splitTaxIncluded(dollars, business);
        const voided = i === 1 && !monthlyBillId;
        const issuedAt = new Date(`${date}T18:${String(10 + i).padStart(2, '0')}:00+08:00`);
        return {
          groupId: demo.groupId,
          storeId: store.id,
          trackId: track!.id,
          number: formatInvoiceNumber(prefix, i),
          rocYear: period.rocYear,
          period: period.period,
          invoiceDate: date,
          issuedAt,
          orderId,
          monthlyBillId,
          ...settings,
          buyerUbn: business ? unifiedNumber : null,
          buyerName: business ? customerName : null,
          ...delivery,
          randomCode: String(r.int(0, 9999)).padStart(4, '0'),
          salesAmount: split.sales * MINOR_PER_DOLLAR,
          taxAmount: split.tax * MINOR_PER_DOLLAR,
          totalAmount: split.total * MINOR_PER_DOLLAR,
          items,
          status: voided ? ('voided' as const) : ('issued' as const),
          voidReason: voided ? '買受人資料有誤' : null,
          voidedAt: voided ? new Date(issuedAt.getTime() + 3_600_000) : null,
          voidedBy: voided ? demo.users.manager : null,
          createdBy: demo.users.manager,
          createdAt: issuedAt,
        };
      }),
    );
  }

  // One allowance (折讓) of NT$100 on an issued invoice of the previous period, two days after it.
  const [allowed] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.groupId, demo.groupId), eq(invoices.status, 'issued'), gte(invoices.totalAmount, 20_000)))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id))
    .limit(1);
  if (allowed) {
    const [line] = allowanceItems(allowed.items, new Map(), [{ sequence: 1, amount: 10_000 }]).items;
    const date = shiftDate(allowed.invoiceDate, { days: 2 });
    await tx.insert(invoiceAllowances).values({
      groupId: allowed.groupId,
      storeId: allowed.storeId,
      invoiceId: allowed.id,
      number: allowanceNumber(allowed.number, 1),
      allowanceDate: date < demo.today ? date : demo.today,
      reason: '少送一桶的差價',
      salesAmount: line!.salesAmount,
      taxAmount: line!.taxAmount,
      totalAmount: line!.amount,
      items: [line!],
      createdBy: demo.users.manager,
    });
    await tx.update(invoices).set({ status: 'allowance', allowanceAmount: line!.amount }).where(eq(invoices.id, allowed.id));
  }
};
