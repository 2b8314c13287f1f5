import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { DeliveryPerson } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { users } from '../../platform/platform.schema.js';
import { storeOf } from '../../platform/tenancy.js';
import { deliveryPersons } from './catalogue.schema.js';
import { deliveryPersonOptions } from './list-delivery-persons.js';

/** Replaces the store's selection in one transaction, logging the before and after lists. */
export async function setDeliveryPersons(db: Db, ctx: Ctx, storeId: number, userIds: number[]): Promise<DeliveryPerson[]> {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, storeId);
    const wanted = [...new Set(userIds)];
    if (wanted.length) {
      const ok = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, wanted), eq(users.groupId, store.groupId), isNull(users.deletedAt)));
      if (ok.length !== wanted.length) throw invalidField('userIds', 'feedback.validation.invalid');
    }
    const before = await tx.select({ userId: deliveryPersons.userId }).from(deliveryPersons).where(eq(deliveryPersons.storeId, store.id));
    await tx
      .delete(deliveryPersons)
      .where(and(eq(deliveryPersons.storeId, store.id), wanted.length ? notInArray(deliveryPersons.userId, wanted) : undefined));
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
  });
}
