import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { PostedBill, paymentBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { loadBill } from './bill-rules.js';
import { insertPayment } from './insert-payment.js';
import { monthlyBills, orders } from './orders.schema.js';

/** Posts the payment of a bill: payment record, bill posted, its orders payment_posted — one transaction. */
export async function postBill(db: Db, ctx: Ctx, id: number, body: z.infer<typeof paymentBody>): Promise<PostedBill> {
  return db.transaction(async (tx) => {
    const bill = await loadBill(tx, ctx, id);
    if (bill.status === 'posted') throw conflict('orders.error.alreadyPosted');
    const payment = await insertPayment(
      tx,
      ctx,
      { groupId: bill.groupId, storeId: bill.storeId, customerId: bill.customerId, monthlyBillId: bill.id },
      bill.amount,
      body,
    );
    const now = new Date();
    const [after] = await tx
      .update(monthlyBills)
      .set({ status: 'posted', postedAt: now, updatedAt: now })
      .where(eq(monthlyBills.id, id))
      .returning();
    const settled = await tx
      .update(orders)
      .set({ status: 'payment_posted', paidAt: now, updatedAt: now })
      .where(and(eq(orders.monthlyBillId, id), eq(orders.status, 'completed')))
      .returning({ id: orders.id });
    await recordAction(tx, ctx, {
      entity: 'monthly_bills',
      entityId: id,
      action: 'post',
      groupId: bill.groupId,
      before: bill,
      after: { ...after, orderIds: settled.map((o) => o.id) },
    });
    return { bill: isoRow(after!), payment: isoRow(payment!), settledOrders: settled.length };
  });
}
