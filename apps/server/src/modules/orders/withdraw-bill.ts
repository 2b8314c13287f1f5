import { and, eq } from 'drizzle-orm';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { customers } from '../customers/customers.schema.js';
import { loadBill } from './bill-rules.js';
import { monthlyBills, orders } from './orders.schema.js';

/** Withdraws an unposted bill: its orders are unbilled again and a meter reading is restored. */
export async function withdrawBill(db: Db, ctx: Ctx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const bill = await loadBill(tx, ctx, id);
    if (bill.status === 'posted') throw conflict('orders.error.alreadyPosted');
    await tx.update(orders).set({ monthlyBillId: null, updatedAt: new Date() }).where(eq(orders.monthlyBillId, id));
    if (bill.mode === 'meter') {
      await tx
        .update(customers)
        .set({ meterReading: bill.previousReading, updatedAt: new Date() })
        .where(and(eq(customers.id, bill.customerId), eq(customers.meterReading, bill.currentReading ?? -1)));
    }
    await tx.delete(monthlyBills).where(eq(monthlyBills.id, id));
    await recordAction(tx, ctx, { entity: 'monthly_bills', entityId: id, action: 'delete', groupId: bill.groupId, before: bill });
  });
}
