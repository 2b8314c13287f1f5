import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { meterBillAmount, MONTHLY_TYPES, V, type GeneratedBills, type generateBillsBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { linesSum, periodRange, totalSum, unbilledOrders } from './bill-rules.js';
import { monthlyBills, orders } from './orders.schema.js';

/**
 * Generates the period's bills in one transaction. By count: the sum of the period's completed,
 * unbilled orders. By meter: (current − previous reading) × the customer's price per unit, plus the
 * products, services and cylinder operations of those orders (`linesAmount`); the current reading
 * is required (seed §5) and becomes the customer's last reading. Either way the
 * period's completed orders are attached to the bill, so posting the bill settles them.
 * A bill of 0 is generated only with `confirmZero`; otherwise nothing is, and the 409 (`zeroBill`)
 * names every customer whose bill would be 0.
 */
export async function generateBills(db: Db, ctx: Ctx, body: z.infer<typeof generateBillsBody>): Promise<GeneratedBills> {
  const [from, to] = periodRange(body.period);
  return db.transaction(async (tx) => {
    const created: (typeof monthlyBills.$inferSelect)[] = [];
    const zero: string[] = [];
    for (const [i, entry] of body.customers.entries()) {
      const [c] = await tx
        .select()
        .from(customers)
        .where(and(eq(customers.id, entry.customerId), storeScope(ctx, customers.storeId)))
        .for('update');
      if (!c) throw notFound();
      if (!MONTHLY_TYPES.includes(c.type)) throw invalidField(`customers.${i}.customerId`, 'orders.validation.notMonthly');
      const [existing] = await tx
        .select({ id: monthlyBills.id })
        .from(monthlyBills)
        .where(and(eq(monthlyBills.customerId, c.id), eq(monthlyBills.period, body.period)));
      if (existing) throw conflict('orders.error.alreadyBilled', { name: c.name });
      const [{ n, sum, lines }] = (await tx
        .select({ n: count(), sum: totalSum, lines: linesSum })
        .from(orders)
        .where(unbilledOrders(c.id, from, to))) as [{ n: number; sum: number; lines: number }];

      let values: Partial<typeof monthlyBills.$inferInsert>;
      if (c.type === 'monthly_meter') {
        if (entry.currentReading == null) throw invalidField(`customers.${i}.currentReading`, V.meterReading);
        const previous = c.meterReading ?? 0;
        if (entry.currentReading < previous) throw invalidField(`customers.${i}.currentReading`, 'orders.validation.readingBelowPrevious');
        const unitPrice = c.meterUnitPrice ?? 0;
        values = {
          mode: 'meter',
          previousReading: previous,
          currentReading: entry.currentReading,
          meterUnitPrice: unitPrice,
          linesAmount: lines,
          amount: meterBillAmount(previous, entry.currentReading, unitPrice) + lines,
        };
        await tx
          .update(customers)
          .set({ meterReading: entry.currentReading, meterReadDate: body.billingDate, updatedAt: new Date() })
          .where(eq(customers.id, c.id));
      } else {
        values = { mode: 'count', amount: sum };
      }
      if ((values.amount ?? 0) === 0) zero.push(c.name);
      const [bill] = await tx
        .insert(monthlyBills)
        .values({
          groupId: c.groupId,
          storeId: c.storeId,
          customerId: c.id,
          period: body.period,
          billingDate: body.billingDate,
          orderCount: n,
          createdBy: ctx.user.id,
          mode: 'count',
          amount: 0,
          ...values,
        })
        .returning();
      await tx
        .update(orders)
        .set({ monthlyBillId: bill!.id, updatedAt: new Date() })
        .where(unbilledOrders(c.id, from, to));
      await recordAction(tx, ctx, { entity: 'monthly_bills', entityId: bill!.id, action: 'bill', groupId: c.groupId, after: bill });
      created.push(bill!);
    }
    // Thrown after every bill was checked (the transaction rolls back): one answer names them all.
    if (zero.length && !body.confirmZero) throw conflict('orders.error.zeroBill', { name: zero.join(', ') });
    return { created: created.length, bills: created.map(isoRow) };
  });
}
