import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { recordAction } from '../../platform/audit.js';
import { users } from '../../platform/platform.schema.js';
import { dbRefusals, storeOf } from '../customers/store-of.js';
import { deliveryPersons } from './catalogue.schema.js';

/**
 * The accounts of the store's group that may be chosen as its delivery staff, each with whether
 * it is chosen (seed §4: "delivery person entries can be selected or not").
 */
export async function deliveryCandidates(db: Executor, ctx: Ctx, storeId: number) {
  const store = await storeOf(db, ctx, storeId);
  return db
    .select({
      userId: users.id,
      account: users.account,
      name: users.name,
      // written out qualified: drizzle leaves column names unqualified in a single-table select
      worksHere: sql<boolean>`("users"."all_stores" or exists (select 1 from user_stores us where us.user_id = "users"."id" and us.store_id = ${store.id}))`,
      selected: sql<boolean>`exists (select 1 from delivery_persons dp where dp.user_id = "users"."id" and dp.store_id = ${store.id})`,
    })
    .from(users)
    .where(and(eq(users.groupId, store.groupId), isNull(users.deletedAt), eq(users.active, true)))
    .orderBy(asc(users.account))
    .limit(1000);
}

/** The chosen delivery persons of a store (dispatch selector). */
export async function deliveryPersonOptions(db: Executor, ctx: Ctx, storeId: number) {
  await storeOf(db, ctx, storeId);
  return db
    .select({ userId: users.id, account: users.account, name: users.name })
    .from(deliveryPersons)
    .innerJoin(users, eq(users.id, deliveryPersons.userId))
    .where(and(eq(deliveryPersons.storeId, storeId), isNull(users.deletedAt), eq(users.active, true)))
    .orderBy(asc(users.name));
}

/** Replaces the store's selection in one transaction, logging the before and after lists. */
export async function setDeliveryPersons(db: Db, ctx: Ctx, storeId: number, userIds: number[]) {
  return dbRefusals(() => db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, storeId);
    const wanted = [...new Set(userIds)];
    if (wanted.length) {
      const ok = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, wanted), eq(users.groupId, store.groupId), isNull(users.deletedAt)));
      if (ok.length !== wanted.length) throw invalidField('userIds', 'feedback.validation.invalid');
    }
    const before = await tx.select({ userId: deliveryPersons.userId }).from(deliveryPersons).where(eq(deliveryPersons.storeId, store.id));
    await tx.delete(deliveryPersons).where(and(eq(deliveryPersons.storeId, store.id), wanted.length ? notInArray(deliveryPersons.userId, wanted) : undefined));
    if (wanted.length) {
      await tx
        .insert(deliveryPersons)
        .values(wanted.map((userId) => ({ groupId: store.groupId, storeId: store.id, userId })))
        .onConflictDoNothing();
    }
    await recordAction(tx, ctx, {
      entity: 'delivery_persons',
      entityId: store.id,
      groupId: store.groupId,
      before: { storeId: store.id, userIds: before.map((b) => b.userId).sort((a, b) => a - b) },
      after: { storeId: store.id, userIds: wanted.sort((a, b) => a - b) },
    });
    return deliveryPersonOptions(tx, ctx, store.id);
  }));
}

/** Whether a user is one of the store's delivery persons (dispatch check). */
export async function isDeliveryPerson(db: Executor, storeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveryPersons.id })
    .from(deliveryPersons)
    .where(and(eq(deliveryPersons.storeId, storeId), eq(deliveryPersons.userId, userId)));
  return !!row;
}

