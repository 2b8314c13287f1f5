import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerListQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { storeFilter, storeScope } from '../../platform/tenancy.js';
import { categories, customers } from './customers.schema.js';
import { cappedTotal, ilikeAny, LIST_COUNT_CAP, offsetOf } from './store-of.js';

/** A keyword search counts at most this many matches (then `totalIsLowerBound: true`). */
export const SEARCH_COUNT_CAP = 1_000;

export type CustomerFilter = Omit<z.infer<typeof customerListQuery>, 'page' | 'pageSize'>;

/** The WHERE of the customer list, reused by the batch price change ("the current filter"). */
export function customerWhere(ctx: Ctx, f: CustomerFilter): SQL | undefined {
  return and(
    storeFilter(ctx, customers.storeId, f.storeId),
    f.type ? eq(customers.type, f.type) : undefined,
    f.categoryId ? eq(customers.categoryId, f.categoryId) : undefined,
    f.inArrears ? eq(customers.inArrears, f.inArrears === 'true') : undefined,
    shortKeywordGrams(f.keyword),
    ilikeAny(f.keyword, customers.name, customers.phone, customers.address, customers.unifiedNumber, customers.meterNumber),
  );
}

/**
 * A keyword of 1 or 2 characters (a 2-character Chinese name) has no trigram: it is looked up in
 * the GIN index of the customer's search grams (migration 0220: the single characters and pairs of
 * name, phone, address, unified number, meter number), and the ILIKE beside it keeps the result exact.
 * The expression must be the index's, argument for argument.
 */
export function shortKeywordGrams(keyword: string | undefined): SQL | undefined {
  if (!keyword || [...keyword].length > 2 || /\s/.test(keyword)) return undefined;
  return sql`customer_search_grams(${customers.name}, ${customers.phone}, ${customers.address}, ${customers.unifiedNumber}, ${customers.meterNumber}) @> array[lower(${keyword})]::text[]`;
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

/**
 * The customer list. Without a keyword: the page in id order (customers_pkey or a store index) and
 * a capped count. With a keyword, the matches are counted first (up to SEARCH_COUNT_CAP, through
 * the trigram / search-gram indexes), which also picks the page's plan: a selective keyword (few
 * matches) sorts just those matches, a common one walks the primary key backwards until the page is
 * full. Left to itself the planner guesses trigram selectivity badly and may walk 90,000 rows for
 * 200 matches. The page's ids come first and the store and category are joined to those 20 rows.
 */
export async function listCustomers(db: Executor, ctx: Ctx, q: z.infer<typeof customerListQuery>) {
  const where = customerWhere(ctx, q);
  const matching = db.select({ one: sql`1` }).from(customers).where(where).$dynamic();
  let total: Awaited<ReturnType<typeof cappedTotal>> | null = null;
  let order = desc(customers.id);
  if (q.keyword) {
    total = await cappedTotal(db, matching, { page: 1, pageSize: 1 }, 1, Math.max(SEARCH_COUNT_CAP, offsetOf(q) + q.pageSize));
    // Few matches: sort them (the "+ 0" keeps the planner off the primary-key walk).
    if (!total.totalIsLowerBound) order = sql`${customers.id} + 0 desc`;
  }
  const page = db.select({ id: customers.id }).from(customers).where(where).orderBy(order).limit(q.pageSize).offset(offsetOf(q)).as('page');
  const items = await db
    .select(columns)
    .from(page)
    .innerJoin(customers, eq(customers.id, page.id))
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .leftJoin(categories, eq(categories.id, customers.categoryId))
    .orderBy(desc(customers.id));
  // Counted up to LIST_COUNT_CAP rows when there is no keyword.
  total ??= await cappedTotal(db, matching, q, items.length, LIST_COUNT_CAP);
  return { items, ...total, page: q.page, pageSize: q.pageSize };
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
    .where(
      and(
        storeFilter(ctx, customers.storeId, q.storeId),
        shortKeywordGrams(q.keyword),
        ilikeAny(q.keyword, customers.name, customers.phone, customers.address),
      ),
    )
    .orderBy(asc(customers.name))
    .limit(30);
}
