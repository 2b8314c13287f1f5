import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Customer, customerBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { groupToday, storeOf, storeScope } from '../../platform/tenancy.js';
import { customers } from './customers.schema.js';
import { checkCategory } from './list-categories.js';

type Body = z.infer<typeof customerBody>;

export async function loadCustomer(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), storeScope(ctx, customers.storeId)));
  if (!row) throw notFound();
  return row;
}

/** Inserts a customer (audited) in the caller's transaction: the store is the caller's, the category the group's. */
export async function insertCustomer(tx: Executor, ctx: Ctx, body: Body) {
  const store = await storeOf(tx, ctx, body.storeId);
  await checkCategory(tx, store.groupId, 'customer', body.categoryId);
  return insertAudited(tx, ctx, customers, {
    ...body,
    groupId: store.groupId,
    meterReadDate: body.meterReading != null ? await groupToday(tx, store.groupId) : null,
  });
}

export async function createCustomer(db: Db, ctx: Ctx, body: Body): Promise<Customer> {
  return isoRow(await db.transaction((tx) => insertCustomer(tx, ctx, body)));
}

export async function updateCustomer(db: Db, ctx: Ctx, id: number, body: Body): Promise<Customer> {
  const row = await db.transaction(async (tx) => {
    const before = await loadCustomer(tx, ctx, id);
    const store = await storeOf(tx, ctx, body.storeId);
    await checkCategory(tx, store.groupId, 'customer', body.categoryId);
    return updateAudited(tx, ctx, customers, id, {
      ...body,
      groupId: store.groupId,
      meterReadDate: body.meterReading !== before.meterReading ? await groupToday(tx, store.groupId) : before.meterReadDate,
      updatedAt: new Date(),
    });
  });
  return isoRow(row);
}

/** Deleting a customer with orders, payments or devices answers 409 "in use" (foreign keys). */
export async function deleteCustomer(db: Db, ctx: Ctx, id: number) {
  return db.transaction(async (tx) => {
    await loadCustomer(tx, ctx, id);
    await deleteAudited(tx, ctx, customers, id);
  });
}
