import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { customers } from '../customers/customers.schema.js';
import type { OrderRow } from './order-rules.js';
import { customerGasCredits } from './orders.schema.js';

// The customer's gas credit (seed §4 "store gas"): a ledger of grams, each row tied to its order.

/** A customer's gas credit balance (grams): the sum of their ledger. */
export async function gasCreditBalance(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${customerGasCredits.grams}), 0)::int` })
    .from(customerGasCredits)
    .where(eq(customerGasCredits.customerId, customerId));
  return Number(row?.balance ?? 0);
}

/**
 * The balance, read under a lock on the customer row, so two deliveries of one customer cannot spend
 * the same credit (FOR NO KEY UPDATE: no new row version; orders referencing the customer still insert).
 */
export async function lockedGasCreditBalance(tx: Executor, customerId: number): Promise<number> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('no key update');
  return gasCreditBalance(tx, customerId);
}

/**
 * Writes the ledger rows of a sold order: the credit it used (−) and the residual gas it stored (+),
 * at the order's price, dated the group's day of the delivery.
 */
export async function recordGasCredit(tx: Executor, ctx: Ctx, order: OrderRow, entryDate: string): Promise<void> {
  if (order.customerId == null) return;
  const base = {
    groupId: order.groupId,
    storeId: order.storeId,
    customerId: order.customerId,
    orderId: order.id,
    pricePerKg: order.gasUnitPrice,
    entryDate,
    createdBy: ctx.user.id,
  };
  const rows = [
    ...(order.creditUsedG > 0 ? [{ ...base, kind: 'used' as const, grams: -order.creditUsedG }] : []),
    ...(order.storedGasG > 0 ? [{ ...base, kind: 'stored' as const, grams: order.storedGasG }] : []),
  ];
  if (rows.length) await tx.insert(customerGasCredits).values(rows);
}
