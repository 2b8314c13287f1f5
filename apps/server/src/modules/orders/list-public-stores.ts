import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PublicProduct, PublicStore } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { storeGroups, stores } from '../../platform/platform.schema.js';
import { groupToday } from '../../platform/tenancy.js';
import { productsInForce } from '../catalogue/index.js';

// The public order page (no account): which stores take orders, and what they sell today.

/**
 * Stores a customer can order from: name, address, phone and the currency its prices are in
 * (shown on the page with them, as at the counter).
 */
export async function listPublicStores(db: Executor): Promise<PublicStore[]> {
  return db
    .select({ id: stores.id, name: stores.name, address: stores.address, phone: stores.phone, currency: storeGroups.currency })
    .from(stores)
    .innerJoin(storeGroups, eq(storeGroups.id, stores.groupId))
    .where(isNull(stores.deletedAt))
    .orderBy(asc(stores.id))
    .limit(500);
}

/** A store the public page may order from (not deleted), else 404. */
export async function publicStore(db: Executor, storeId: number) {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
  if (!store) throw notFound();
  return store;
}

/** Products of a store in force today, with their prices (prices are public at the counter too). */
export async function listPublicProducts(db: Executor, storeId: number): Promise<PublicProduct[]> {
  const store = await publicStore(db, storeId);
  return productsInForce(db, store.id, await groupToday(db, store.groupId));
}
