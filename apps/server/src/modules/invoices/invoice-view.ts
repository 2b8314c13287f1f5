import { eq } from 'drizzle-orm';
import { periodCode, voidDeadline, type Invoice, type InvoicePeriod } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { stores } from '../../platform/platform.schema.js';
import { monthlyBills, orders } from '../orders/orders.schema.js';
import { invoices } from './invoices.schema.js';
import { uploadView } from './upload-view.js';

/** An invoice with its store's name and its source (order number, monthly bill's month), as every invoice answer selects it. */
export function invoiceQuery(db: Executor) {
  return db
    .select({ invoice: invoices, storeName: stores.name, orderNo: orders.orderNo, billPeriod: monthlyBills.period })
    .from(invoices)
    .innerJoin(stores, eq(stores.id, invoices.storeId))
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(monthlyBills, eq(monthlyBills.id, invoices.monthlyBillId));
}

export type InvoiceRow = { invoice: typeof invoices.$inferSelect; storeName: string; orderNo: string | null; billPeriod: string | null };

export function invoiceView({ invoice: i, storeName, orderNo, billPeriod }: InvoiceRow): Invoice {
  const p = { rocYear: i.rocYear, period: i.period as InvoicePeriod };
  return {
    id: i.id,
    storeId: i.storeId,
    storeName,
    number: i.number,
    rocYear: i.rocYear,
    period: i.period,
    periodCode: periodCode(p),
    date: i.invoiceDate,
    issuedAt: i.issuedAt.toISOString(),
    orderId: i.orderId,
    orderNo,
    monthlyBillId: i.monthlyBillId,
    billPeriod,
    sellerUbn: i.sellerUbn,
    sellerName: i.sellerName,
    buyerUbn: i.buyerUbn,
    buyerName: i.buyerName,
    carrierType: i.carrierType,
    carrierId: i.carrierId,
    npoban: i.npoban,
    print: i.printMark,
    randomCode: i.randomCode,
    taxType: i.taxType,
    salesAmount: i.salesAmount,
    taxAmount: i.taxAmount,
    totalAmount: i.totalAmount,
    items: i.items,
    status: i.status,
    voidReason: i.voidReason,
    voidedAt: i.voidedAt ? i.voidedAt.toISOString() : null,
    voidDeadline: voidDeadline(p),
    allowanceAmount: i.allowanceAmount,
    ...uploadView(i),
  };
}
