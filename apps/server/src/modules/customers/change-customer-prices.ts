import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PriceChangePreview, PriceChangeResult, priceChangeBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { countAll } from '../../platform/paging.js';
import { stores } from '../../platform/platform.schema.js';
import { storeScope } from '../../platform/tenancy.js';
import { customers } from './customers.schema.js';
import { customerWhere, effectivePrice } from './list-customers.js';

type Body = z.infer<typeof priceChangeBody>;

function targetWhere(ctx: Ctx, body: Body) {
  if (body.customerIds && body.customerIds.length > 0)
    return and(inArray(customers.id, body.customerIds), storeScope(ctx, customers.storeId));
  return customerWhere(ctx, body.filter ?? {});
}

/** What the batch price change would do: how many customers, and a sample of old → new prices. */
export async function previewPriceChange(db: Executor, ctx: Ctx, body: Body): Promise<PriceChangePreview> {
  const where = targetWhere(ctx, body);
  const [counted] = await db.select({ total: countAll }).from(customers).where(where);
  const sample = await db
    .select({
      id: customers.id,
      name: customers.name,
      oldPrice: customers.gasPrice,
      oldEffectivePrice: effectivePrice,
      storeName: stores.name,
    })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .where(where)
    .orderBy(customers.id)
    .limit(50);
  return { total: counted?.total ?? 0, newPrice: body.gasPrice, sample };
}

/**
 * Sets the gas price of every target customer in one transaction, one action-log row per customer
 * with the old and new price. `gasPrice: null` returns the customers to the store's price.
 */
export async function changeCustomerPrices(db: Db, ctx: Ctx, body: Body): Promise<PriceChangeResult> {
  return db.transaction(async (tx) => {
    const where = targetWhere(ctx, body);
    const before = await tx
      .select({ id: customers.id, groupId: customers.groupId, gasPrice: customers.gasPrice })
      .from(customers)
      .where(where)
      .for('update');
    if (before.length === 0) return { changed: 0 };
    const ids = before.map((r) => r.id);
    await tx
      .update(customers)
      .set({ gasPrice: body.gasPrice, updatedAt: sql`now()` })
      .where(inArray(customers.id, ids));
    for (const r of before) {
      await recordAction(tx, ctx, {
        entity: 'customers',
        entityId: r.id,
        action: 'priceChange',
        groupId: r.groupId,
        before: { gasPrice: r.gasPrice },
        after: { gasPrice: body.gasPrice },
      });
    }
    return { changed: before.length };
  });
}
