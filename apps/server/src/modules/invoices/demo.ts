import crypto from 'node:crypto';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  allowanceItems,
  allowanceNumber,
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
import { orders } from '../orders/orders.schema.js';
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
 * 板橋店's small booklet runs low. Invoice lines are the order in one line, as the server writes an
 * order whose lines are not all whole positive dollars.
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
  for (const [storeIndex, period, prefix, size, count] of plan) {
    const store = issuing[storeIndex];
    if (!store) continue;
    const range = periodRange(period);
    const to = range.to < demo.today ? range.to : demo.today;
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
    const chosen = sales.filter((s) => s.order.totalAmount >= MINOR_PER_DOLLAR).slice(-count);
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
        used: chosen.length,
        createdBy: demo.users.manager,
      })
      .returning();
    if (chosen.length === 0) continue;
    const settings = { sellerUbn: store.unifiedNumber ?? '04595257', sellerName: store.name };
    await tx.insert(invoices).values(
      chosen.map(({ order, unifiedNumber, customerName }, i) => {
        const dollars = minorToDollars(order.totalAmount);
        const items: StoredInvoiceItem[] = [
          {
            description: zh('invoices.orderLine.order', { orderNo: order.orderNo }),
            quantity: 1,
            unitPrice: dollars * MINOR_PER_DOLLAR,
            amount: dollars * MINOR_PER_DOLLAR,
          },
        ];
        const business = !!unifiedNumber;
        const delivery = business ? DELIVERIES[0]! : DELIVERIES[i % DELIVERIES.length]!;
        const split = splitTaxIncluded(dollars, business);
        const voided = i === 1;
        const issuedAt = new Date(`${order.orderDate}T18:${String(10 + i).padStart(2, '0')}:00+08:00`);
        return {
          groupId: demo.groupId,
          storeId: store.id,
          trackId: track!.id,
          number: formatInvoiceNumber(prefix, i),
          rocYear: period.rocYear,
          period: period.period,
          invoiceDate: order.orderDate,
          issuedAt,
          orderId: order.id,
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
