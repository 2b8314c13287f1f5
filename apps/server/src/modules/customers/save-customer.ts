import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { groupToday, storeScope } from '../../platform/tenancy.js';
import { categories, customers } from './customers.schema.js';
import { dbRefusals, sameGroup, storeOf } from './store-of.js';

type Body = z.infer<typeof customerBody>;

async function checkCategory(db: Executor, groupId: number, categoryId: number | null) {
  if (categoryId == null) return;
  const [cat] = await db.select().from(categories).where(and(eq(categories.id, categoryId), eq(categories.kind, 'customer')));
  sameGroup(groupId, cat, 'categoryId');
}

export async function loadCustomer(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db.select().from(customers).where(and(eq(customers.id, id), storeScope(ctx, customers.storeId)));
  if (!row) throw notFound();
  return row;
}

export async function createCustomer(db: Db, ctx: Ctx, body: Body) {
  return dbRefusals(() => db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    await checkCategory(tx, store.groupId, body.categoryId);
    return insertAudited(tx, ctx, customers, {
      ...body,
      groupId: store.groupId,
      meterReadDate: body.meterReading != null ? await groupToday(tx, store.groupId) : null,
    });
  }));
}

export async function updateCustomer(db: Db, ctx: Ctx, id: number, body: Body) {
  return dbRefusals(() => db.transaction(async (tx) => {
    const before = await loadCustomer(tx, ctx, id);
    const store = await storeOf(tx, ctx, body.storeId);
    await checkCategory(tx, store.groupId, body.categoryId);
    return updateAudited(tx, ctx, customers, id, {
      ...body,
      groupId: store.groupId,
      meterReadDate: body.meterReading !== before.meterReading ? await groupToday(tx, store.groupId) : before.meterReadDate,
      updatedAt: new Date(),
    });
  }));
}

/** Deleting a customer with orders, payments or devices answers 409 "in use" (foreign keys). */
export async function deleteCustomer(db: Db, ctx: Ctx, id: number) {
  return dbRefusals(() => db.transaction(async (tx) => {
    await loadCustomer(tx, ctx, id);
    await deleteAudited(tx, ctx, customers, id);
  }));
}
