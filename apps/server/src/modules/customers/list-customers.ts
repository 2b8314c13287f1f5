import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerListQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { storeFilter, storeScope } from '../../platform/tenancy.js';
import { categories, customers } from './customers.schema.js';
import { parseIntArray, rowsOfResult } from '../../platform/db.js';
import { cappedTotal, ilikeAny, LIST_COUNT_CAP, offsetOf } from './store-of.js';

/** A keyword search counts at most this many matches (then `totalIsLowerBound: true`). */
export const SEARCH_COUNT_CAP = 5_000;
/** A keyword search first filters this many of the newest customers in scope (see listCustomers). */
export const SEARCH_WINDOW = 2_000;

export type CustomerFilter = Omit<z.infer<typeof customerListQuery>, 'page' | 'pageSize'>;

/**
 * The WHERE of the customer list, reused by the batch price change ("the current filter").
 * `grams: false` leaves out the search-gram condition, which only serves its index: a scan in
 * another index's order would compute every row's grams to re-check it.
 */
export function customerWhere(ctx: Ctx, f: CustomerFilter, { grams = true } = {}): SQL | undefined {
  // The grams of a 1–2 character keyword are exact (every character and pair of each field,
  // lower-cased), so the ILIKE is needed only without them.
  const byGrams = grams ? shortKeywordGrams(f.keyword) : undefined;
  return and(
    storeFilter(ctx, customers.storeId, f.storeId),
    f.type ? eq(customers.type, f.type) : undefined,
    f.categoryId ? eq(customers.categoryId, f.categoryId) : undefined,
    f.inArrears ? eq(customers.inArrears, f.inArrears === 'true') : undefined,
    byGrams ?? ilikeAny(f.keyword, customers.name, customers.phone, customers.address, customers.unifiedNumber, customers.meterNumber),
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
 * a capped count. With a keyword, in up to three steps, each a single statement:
 * 1. filter the newest SEARCH_WINDOW customers in scope: that is every customer of a usual store
 *    (exact total), or enough matches of a common keyword for the page (total "at least n": a
 *    common keyword over 200,000 customers made the trigram index intersect posting lists of every
 *    customer, 25 ms a search);
 * 2. otherwise collect up to SEARCH_COUNT_CAP + 1 matches through the trigram / search-gram indexes:
 *    their exact count and the page's ids (left to itself the planner guesses trigram selectivity
 *    badly and may walk 90,000 rows for 200 matches);
 * 3. beyond the cap, walk the primary key backwards, quick exactly when matches are that dense.
 * The store and category are joined to the page's rows only.
 */
export async function listCustomers(db: Executor, ctx: Ctx, q: z.infer<typeof customerListQuery>) {
  const where = customerWhere(ctx, q);
  const offset = offsetOf(q);
  const result = <T>(items: T[], total: number, lowerBound = false) => ({
    items,
    total,
    ...(lowerBound ? { totalIsLowerBound: true as const } : {}),
    page: q.page,
    pageSize: q.pageSize,
  });
  // The page's rows: store and category joined to the ids of `subquery` only.
  const rowsIn = (subquery: SQL) =>
    db
      .select(columns)
      .from(customers)
      .innerJoin(stores, eq(stores.id, customers.storeId))
      .leftJoin(categories, eq(categories.id, customers.categoryId))
      .where(sql`${customers.id} in ${subquery}`)
      .orderBy(desc(customers.id));
  const newestPage = (cond: SQL | undefined) =>
    rowsIn(
      sql`(select ${customers.id} from ${customers} where ${cond ?? sql`true`} order by ${customers.id} desc limit ${q.pageSize} offset ${offset})`,
    );
  const byIds = async (v: unknown) => {
    const ids = parseIntArray(v);
    return ids.length ? rowsIn(sql`(select unnest(${`{${ids.join(',')}}`}::int[]))`) : [];
  };
  // The count and the page's ids of the matches collected in a CTE `m` (plus `extra` columns).
  const countAndPage = (ctes: SQL, extra: SQL = sql``) => sql`${ctes}
    select (select count(*)::int from m) as n, array(select id from m order by id desc limit ${q.pageSize} offset ${offset}) as ids ${extra}`;

  if (!q.keyword) {
    const items = await newestPage(where);
    const matching = db
      .select({ one: sql`1` })
      .from(customers)
      .where(where)
      .$dynamic();
    return { ...result(items, 0), ...(await cappedTotal(db, matching, q, items.length, LIST_COUNT_CAP)) };
  }
  // 1. The newest SEARCH_WINDOW customers in scope, one lower-cased text per row and one substring
  //    test (five ILIKEs over CJK text cost twice as much). Matches outside the window are all
  //    older than the window's, so the window's matches are the top ones.
  const scope = customerWhere(ctx, { ...q, keyword: undefined });
  const [win] = rowsOfResult<{ scanned: number; n: number; ids: unknown }>(
    await db.execute(
      countAndPage(
        sql`
        with w as materialized (
               select ${customers.id} as id,
                      lower(concat_ws(E'\n', ${customers.name}, ${customers.phone}, ${customers.address}, ${customers.unifiedNumber}, ${customers.meterNumber})) as t
                 from ${customers} where ${scope ?? sql`true`} order by ${customers.id} desc limit ${SEARCH_WINDOW + 1}),
             m as materialized (select id from w where strpos(t, lower(${q.keyword})) > 0)`,
        sql`, (select count(*)::int from w) as scanned`,
      ),
    ),
  );
  const found = Number(win?.n ?? 0);
  if (Number(win?.scanned ?? 0) <= SEARCH_WINDOW) return result(await byIds(win?.ids), found);
  if (found > offset + q.pageSize) return result(await byIds(win?.ids), found, true);
  // 2. A rarer keyword over a large scope: the indexes collect its matches.
  const cap = Math.max(SEARCH_COUNT_CAP, offset + q.pageSize);
  const [probe] = rowsOfResult<{ n: number; ids: unknown }>(
    await db.execute(
      countAndPage(sql`with m as materialized (select ${customers.id} as id from ${customers} where ${where} limit ${cap + 1})`),
    ),
  );
  const n = Number(probe?.n ?? 0);
  if (n <= cap) return result(await byIds(probe?.ids), n);
  // 3. More matches than the cap (deep pages of a very common keyword): walk the primary key.
  return result(await newestPage(customerWhere(ctx, q, { grams: false })), cap, true);
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
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      address: customers.address,
      type: customers.type,
      storeId: customers.storeId,
    })
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
