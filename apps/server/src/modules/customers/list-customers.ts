import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerOption, CustomerPage, CustomerRow, customerListQuery } from '@gasops/shared';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { storeFilter, storeScope } from '../../platform/tenancy.js';
import { categories, customers } from './customers.schema.js';
import { LIST_COUNT_CAP, RIDE_ALONG_TOTAL, pageOf, rideAlongTotal, splitRideAlongTotal } from '../../platform/paging.js';
import { flagFilter, likePattern } from '../../platform/search.js';

/** A keyword search counts at most this many matches (then `totalIsLowerBound: true`). */
export const SEARCH_COUNT_CAP = 5_000;
/** A keyword search first filters this many of the newest customers in scope (see listCustomers). */
export const SEARCH_WINDOW = 2_000;

/**
 * The customer's searched fields (name, phone, address, unified number, meter number), lower-cased
 * and joined by newlines: a generated column (migration 0303) with a trigram and a search-gram index.
 */
const searchText = sql`${customers}.search_text`;

type CustomerFilter = Omit<z.infer<typeof customerListQuery>, 'page' | 'pageSize'>;

/**
 * The WHERE of the customer list, reused by the batch price change ("the current filter").
 * `grams: false` leaves out the search-gram condition, which only serves its index: a scan in
 * another index's order would compute every row's grams to re-check it.
 */
export function customerWhere(ctx: Ctx, f: CustomerFilter, { grams = true } = {}): SQL | undefined {
  return and(
    storeFilter(ctx, customers.storeId, f.storeId),
    f.type ? eq(customers.type, f.type) : undefined,
    f.categoryId ? eq(customers.categoryId, f.categoryId) : undefined,
    flagFilter(customers.inArrears, f.inArrears),
    keywordMatch(f.keyword, { grams }),
  );
}

/**
 * A customer whose searched text contains the keyword (case-insensitive; LIKE wildcards are plain
 * characters). The grams of a 1–2 character keyword are exact (every character and pair of the
 * searched text), so the LIKE is needed only without them.
 */
function keywordMatch(keyword: string | undefined, { grams = true } = {}): SQL | undefined {
  if (!keyword) return undefined;
  return (grams ? shortKeywordGrams(keyword) : undefined) ?? sql`${searchText} like lower(${likePattern(keyword)})`;
}

/**
 * A keyword of 1 or 2 characters (a 2-character Chinese name) has no trigram: it is looked up in
 * the GIN index of the customer's search grams (migrations 0220 and 0303: the single characters and
 * pairs of the searched text). The expression must be the index's.
 */
function shortKeywordGrams(keyword: string | undefined): SQL | undefined {
  if (!keyword || [...keyword].length > 2 || /\s/.test(keyword)) return undefined;
  return sql`search_grams(${searchText}) @> array[lower(${keyword})]::text[]`;
}

/** The price the customer is charged per kg: own price, else the store's (store-type: store gas price). */
export const effectivePrice = sql<number>`coalesce(${customers.gasPrice}, case when ${customers.type} = 'store' then ${stores.storeGasPrice} else ${stores.customerGasPrice} end)`;

/** The columns of a customer row (CustomerRow, timestamps still Dates). */
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
type Row = Omit<CustomerRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/**
 * The customer list. Without a keyword: the page in id order (customers_pkey or a store index) and
 * a capped count. With a keyword, in up to three steps, each a single statement:
 * 1. filter the newest SEARCH_WINDOW customers in scope, read from a covering index (migration
 *    0303) without visiting the table: that is every customer of a usual store
 *    (exact total), or enough matches of a common keyword for the page (total "at least n": a
 *    common keyword over 200,000 customers made the trigram index intersect posting lists of every
 *    customer, 25 ms a search);
 * 2. otherwise collect up to SEARCH_COUNT_CAP + 1 matches through the trigram / search-gram indexes:
 *    their exact count and the page's ids (left to itself the planner guesses trigram selectivity
 *    badly and may walk 90,000 rows for 200 matches);
 * 3. beyond the cap, walk the primary key backwards, quick exactly when matches are that dense.
 * The store and category are joined to the page's rows only.
 */
export async function listCustomers(db: Executor, ctx: Ctx, q: z.infer<typeof customerListQuery>): Promise<CustomerPage> {
  const where = customerWhere(ctx, q);
  const offset = pageOf(q).offset;
  const result = (items: Row[], total: number, lowerBound = false) => ({
    items: items.map(isoRow),
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
  const newestIds = (cond: SQL | undefined) =>
    sql`(select ${customers.id} from ${customers} where ${cond ?? sql`true`} order by ${customers.id} desc limit ${q.pageSize} offset ${offset})`;
  const newestPage = (cond: SQL | undefined) => rowsIn(newestIds(cond));
  /**
   * One statement (a round trip costs more than the page's joins): the matches that the CTEs `ctes`
   * collect as `m`, their count, `meta` columns of the CTEs (`scanned`, `probed`), and the page's
   * rows. The one-row `meta` is left-joined to the rows, so an empty page still answers the counts.
   */
  const matchesAndPage = async (ctes: SQL, meta: SQL = sql`0 as scanned, false as probed`) => {
    const found = sql`(${ctes}
      select ${meta}, (select count(*)::int from m) as n,
             array(select id from m order by id desc limit ${q.pageSize} offset ${offset}) as ids) as meta`;
    const rows = await db
      .select({
        ...columns,
        matches: sql<number>`meta.n`.mapWith(Number),
        scanned: sql<number>`meta.scanned`.mapWith(Number),
        probed: sql<boolean>`meta.probed`,
      })
      .from(found)
      .leftJoin(customers, sql`${customers.id} = any(meta.ids)`)
      .leftJoin(stores, eq(stores.id, customers.storeId))
      .leftJoin(categories, eq(categories.id, customers.categoryId))
      .orderBy(desc(customers.id));
    const [first] = rows;
    const items = rows.filter((r) => r.id != null).map(({ matches: _n, scanned: _s, probed: _p, ...row }) => row as Row);
    return { items, n: first?.matches ?? 0, scanned: first?.scanned ?? 0, probed: first?.probed === true };
  };

  if (!q.keyword) {
    // The page and its capped total in one round trip.
    const matching = db
      .select({ one: sql`1` })
      .from(customers)
      .where(where)
      .$dynamic();
    const rows = await db
      .select({ ...columns, [RIDE_ALONG_TOTAL]: rideAlongTotal(matching, q, LIST_COUNT_CAP) })
      .from(customers)
      .innerJoin(stores, eq(stores.id, customers.storeId))
      .leftJoin(categories, eq(categories.id, customers.categoryId))
      .where(sql`${customers.id} in ${newestIds(where)}`)
      .orderBy(desc(customers.id));
    const { items, ...total } = await splitRideAlongTotal(db, rows, matching, q, LIST_COUNT_CAP);
    return { ...result(items, 0), ...total };
  }
  // Steps 1 and 2 in one statement. `w`, `wm`: the newest SEARCH_WINDOW (+1) customers in scope,
  // their searched text read from a covering index, and those containing the keyword (one substring
  // test each). Matches outside the window are all older than the window's, so the window's matches
  // are the top ones. `probe`: the window is not the whole scope and holds too few matches for the
  // page. Only then does `pm` collect up to `cap` + 1 matches through the indexes (its scan sits
  // under a one-time filter on `probe`, so it does not run otherwise).
  const scope = customerWhere(ctx, { ...q, keyword: undefined });
  const cap = Math.max(SEARCH_COUNT_CAP, offset + q.pageSize);
  const found = await matchesAndPage(
    sql`with w as materialized (
               select ${customers.id} as id, ${searchText} as t
                 from ${customers} where ${scope ?? sql`true`} order by ${customers.id} desc limit ${SEARCH_WINDOW + 1}),
             wm as materialized (select id from w where strpos(t, lower(${q.keyword})) > 0),
             probe as materialized (
               select (select count(*) from w) > ${SEARCH_WINDOW} and (select count(*) from wm) <= ${offset + q.pageSize} as yes),
             pm as materialized (
               select ${customers.id} as id from ${customers} where ${where} and (select yes from probe) limit ${cap + 1}),
             m as materialized (select id from wm where not (select yes from probe) union all select id from pm)`,
    sql`(select count(*)::int from w) as scanned, (select yes from probe) as probed`,
  );
  if (!found.probed) return result(found.items, found.n, found.scanned > SEARCH_WINDOW);
  if (found.n <= cap) return result(found.items, found.n);
  // 3. More matches than the cap (deep pages of a very common keyword): walk the primary key.
  return result(await newestPage(customerWhere(ctx, q, { grams: false })), cap, true);
}

export async function getCustomer(db: Executor, ctx: Ctx, id: number): Promise<CustomerRow> {
  const [row] = await db
    .select(columns)
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .leftJoin(categories, eq(categories.id, customers.categoryId))
    .where(and(eq(customers.id, id), storeScope(ctx, customers.storeId)));
  if (!row) throw notFound();
  return isoRow(row);
}

/** The columns of a customer option (`CustomerOption`): selectors, and the orders module's phone matches. */
export const customerOptionColumns = {
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  address: customers.address,
  type: customers.type,
  storeId: customers.storeId,
};

/** A short list for selectors (order form): by the list's keyword, in the stores the user may touch. */
export async function customerOptions(db: Executor, ctx: Ctx, q: { storeId?: number; keyword?: string }): Promise<CustomerOption[]> {
  return db
    .select(customerOptionColumns)
    .from(customers)
    .where(and(storeFilter(ctx, customers.storeId, q.storeId), keywordMatch(q.keyword)))
    .orderBy(asc(customers.name))
    .limit(30);
}
