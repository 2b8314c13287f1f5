import { sql } from 'drizzle-orm';
import type { OrderDetail, OrderSource } from '@gasops/shared';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import type { StoreRow } from '../../platform/tenancy.js';
import { orderDetail } from './get-order.js';
import { insertLines } from './order-lines.js';
import type { CustomerRow } from './order-rules.js';
import { orders } from './orders.schema.js';
import { priceDraft, type OrderDraft } from './price-order.js';

/** The next order number: order date + the row id, reserved before the insert (unique, no gaps by design). */
async function nextOrderIdentity(tx: Executor, orderDate: string): Promise<{ id: number; orderNo: string }> {
  const [row] = rowsOfResult<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`));
  const id = Number(row!.id);
  return { id, orderNo: `${orderDate.replace(/-/g, '')}-${String(id).padStart(6, '0')}` };
}

/**
 * A new order (status placed), straight through: numbered, priced once, the order inserted, then
 * its lines. Answers the order's detail from the rows as stored (nothing is read back).
 */
export async function insertOrder(
  tx: Executor,
  store: StoreRow,
  customer: CustomerRow | null,
  draft: OrderDraft,
  origin: { source: OrderSource; createdBy?: number; contactName?: string; contactPhone?: string },
): Promise<OrderDetail> {
  const { id, orderNo } = await nextOrderIdentity(tx, draft.orderDate);
  const { values, lines, previous } = await priceDraft(tx, store, customer, draft, null);
  const [order] = await tx
    .insert(orders)
    .values({ ...values, ...origin, id, orderNo, groupId: store.groupId, storeId: store.id, status: 'placed' })
    .returning();
  const written = await insertLines(tx, order!, lines);
  return orderDetail(
    order!,
    {
      storeName: store.name,
      customerName: customer?.name ?? null,
      customerPhone: customer?.phone ?? null,
      deliveryPersonName: null,
      previousOrderNo: previous?.orderNo ?? null,
    },
    { ...written, payments: [] },
  );
}
