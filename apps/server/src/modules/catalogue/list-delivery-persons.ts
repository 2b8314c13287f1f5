import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DeliveryPerson, DeliveryPersonCandidate } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { users } from '../../platform/platform.schema.js';
import { storeOf } from '../../platform/tenancy.js';
import { deliveryPersons } from './catalogue.schema.js';

/**
 * The accounts of the store's group that may be chosen as its delivery staff, each with whether
 * it is chosen (seed §4: "delivery person entries can be selected or not").
 */
export async function deliveryCandidates(db: Executor, ctx: Ctx, storeId: number): Promise<DeliveryPersonCandidate[]> {
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
export async function deliveryPersonOptions(db: Executor, ctx: Ctx, storeId: number): Promise<DeliveryPerson[]> {
  await storeOf(db, ctx, storeId);
  return db
    .select({ userId: users.id, account: users.account, name: users.name })
    .from(deliveryPersons)
    .innerJoin(users, eq(users.id, deliveryPersons.userId))
    .where(and(eq(deliveryPersons.storeId, storeId), isNull(users.deletedAt), eq(users.active, true)))
    .orderBy(asc(users.name));
}

/** Whether a user is one of the store's delivery persons (dispatch check). */
export async function isDeliveryPerson(db: Executor, storeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveryPersons.id })
    .from(deliveryPersons)
    .where(and(eq(deliveryPersons.storeId, storeId), eq(deliveryPersons.userId, userId)));
  return !!row;
}
