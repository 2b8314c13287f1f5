import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerListQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { storeFilter, storeScope } from '../../platform/tenancy.js';
import { categories, customers } from './customers.schema.js';
import { ilikeAny, offsetOf } from './store-of.js';

export type CustomerFilter = Omit<z.infer<typeof customerListQuery>, 'page' | 'pageSize'>;

/** The WHERE of the customer list, reused by the batch price change ("the current filter"). */
export function customerWhere(ctx: Ctx, f: CustomerFilter): SQL | undefined {
  return and(
    storeFilter(ctx, customers.storeId, f.storeId),
    f.type ? eq(customers.type, f.type) : undefined,
    f.categoryId ? eq(customers.categoryId, f.categoryId) : undefined,
    f.inArrears ? eq(customers.inArrears, f.inArrears === 'true') : undefined,
    ilikeAny(f.keyword, customers.name, customers.phone, customers.address, customers.unifiedNumber, customers.meterNumber),
  );
}

/** The price the customer is charged per kg: own price, else the store's (store-type: store gas price). */
export const effectivePrice = sql<number>`coalesce(${customers.gasPrice}, case when ${customers.type} = 'store' then ${stores.storeGasPrice} else ${stores.customerGasPrice} end)`;

const columns = {
  id: customers.id,
  groupId: customers.groupId,
  storeId: customers.storeId,
  storeName: stores.name,
  type: customers.type,
  name: customers.name,
  address: customers.address,
  latitude: customers.latitude,
  longitude: customers.longitude,
  unifiedNumber: customers.unifiedNumber,
  remark1: customers.remark1,
  remark2: customers.remark2,
  phone: customers.phone,
  categoryId: customers.categoryId,
  categoryName: categories.name,
  inArrears: customers.inArrears,
  gasPrice: customers.gasPrice,
  effectiveGasPrice: effectivePrice,
  meterNumber: customers.meterNumber,
  meterReading: customers.meterReading,
  meterReadDate: customers.meterReadDate,
  meterUnitPrice: customers.meterUnitPrice,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

export async function listCustomers(db: Executor, ctx: Ctx, q: z.infer<typeof customerListQuery>) {
  const where = customerWhere(ctx, q);
  const [{ total }] = (await db.select({ total: count() }).from(customers).where(where)) as [{ total: number }];
  const items = await db
    .select(columns)
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .leftJoin(categories, eq(categories.id, customers.categoryId))
    .where(where)
    .orderBy(desc(customers.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export async function getCustomer(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db
    .select(columns)
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .leftJoin(categories, eq(categories.id, customers.categoryId))
    .where(and(eq(customers.id, id), storeScope(ctx, customers.storeId)));
  if (!row) throw notFound();
  return row;
}

/** A short list for selectors (order form): by name or phone, in the stores the user may touch. */
export async function customerOptions(db: Executor, ctx: Ctx, q: { storeId?: number; keyword?: string }) {
  return db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, address: customers.address, type: customers.type, storeId: customers.storeId })
    .from(customers)
    .where(and(storeFilter(ctx, customers.storeId, q.storeId), ilikeAny(q.keyword, customers.name, customers.phone, customers.address)))
    .orderBy(asc(customers.name))
    .limit(30);
}
