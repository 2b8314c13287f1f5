import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerOption, CustomerPage, CustomerRow, customerListQuery } from '@gasops/shared';
import { isoOfText, isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { RowsById } from '../../platform/rows-by-id.js';
import { stores } from '../../platform/platform.schema.js';
import { StatementCache, UNNAMED, flatRows, type StatementValues } from '../../platform/statements.js';
import { storeFilter, storeFilterOf, storeFilterShape, storeScope, type StoreFilterShape } from '../../platform/tenancy.js';
import { categories, customers } from './customers.schema.js';
import {
  LIST_COUNT_CAP,
  RIDE_ALONG_TOTAL,
  countUpTo,
  pageOf,
  rideAlongLimit,
  rideAlongTotalUpTo,
  splitRideAlongTotalBy,
} from '../../platform/paging.js';
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
  if (!keyword || !searchedByGrams(keyword)) return undefined;
  return sql`search_grams(${searchText}) @> array[lower(${keyword})]::text[]`;
}

/** A keyword `shortKeywordGrams` looks up by its grams: 1 or 2 characters, no space. */
const searchedByGrams = (keyword: string) => [...keyword].length <= 2 && !/\s/.test(keyword);

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

/**
 * The columns of a customer row the list's statements read: without the store's and category's
 * names and prices (`withNames` adds them from `storeRows` and `categoryRows`, so the statements
 * join neither: a third of the search's planning), the timestamps as PostgreSQL's text.
 */
const { storeName: _s, categoryName: _c, effectiveGasPrice: _e, createdAt: _ca, updatedAt: _ua, ...ownColumns } = columns;
const pageColumns = {
  ...ownColumns,
  createdAt: sql<string>`${customers.createdAt}`,
  updatedAt: sql<string>`${customers.updatedAt}`,
};
type PageRow = Omit<CustomerRow, 'storeName' | 'categoryName' | 'effectiveGasPrice'>;

/** A store's name and gas prices, by id (kept in the process: platform/rows-by-id.ts). */
const storeRows = new RowsById((db, ids) =>
  db
    .select({ id: stores.id, name: stores.name, customerGasPrice: stores.customerGasPrice, storeGasPrice: stores.storeGasPrice })
    .from(stores)
    .where(inArray(stores.id, ids)),
);
/** A category's name, by id (kept in the process: platform/rows-by-id.ts). */
const categoryRows = new RowsById((db, ids) =>
  db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, ids)),
);

/**
 * The list's rows (`pageColumns`) as the answer's (`columns`, as `isoRow` gives them): the store's name
 * and the effective price (`effectivePrice`) from the store's prices, the category's name, the
 * timestamps in ISO 8601. A row whose store or category is gone meanwhile (a concurrent delete) reads as
 * the statement would have: no category, and for the store, which a customer cannot lose, an empty name.
 */
async function withNames(db: Executor, rows: (PageRow & { createdAt: string; updatedAt: string })[]): Promise<CustomerRow[]> {
  if (!rows.length) return [];
  const categoryIds = rows.flatMap((r) => (r.categoryId == null ? [] : [r.categoryId]));
  const [storesById, categoriesById] = await Promise.all([
    storeRows.get(
      db,
      rows.map((r) => r.storeId),
    ),
    categoryIds.length ? categoryRows.get(db, categoryIds) : new Map<number, { name: string }>(),
  ]);
  return rows.map((r) => {
    const store = storesById.get(r.storeId);
    const storePrice = (r.type === 'store' ? store?.storeGasPrice : store?.customerGasPrice) ?? 0;
    return {
      id: r.id,
      groupId: r.groupId,
      storeId: r.storeId,
      storeName: store?.name ?? '',
      type: r.type,
      name: r.name,
      address: r.address,
      latitude: r.latitude,
      longitude: r.longitude,
      unifiedNumber: r.unifiedNumber,
      remark1: r.remark1,
      remark2: r.remark2,
      phone: r.phone,
      categoryId: r.categoryId,
      categoryName: r.categoryId == null ? null : (categoriesById.get(r.categoryId)?.name ?? null),
      inArrears: r.inArrears,
      gasPrice: r.gasPrice,
      effectiveGasPrice: r.gasPrice ?? storePrice,
      meterNumber: r.meterNumber,
      meterReading: r.meterReading,
      meterReadDate: r.meterReadDate,
      meterUnitPrice: r.meterUnitPrice,
      createdAt: isoOfText(r.createdAt),
      updatedAt: isoOfText(r.updatedAt),
    };
  });
}

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
 * The statements join neither store nor category: `withNames` adds their names to the page's rows.
 */
export async function listCustomers(db: Executor, ctx: Ctx, q: z.infer<typeof customerListQuery>): Promise<CustomerPage> {
  const { shape, values } = customerShapeOf(ctx, q);
  const key = shapeKey(shape);
  const result = (items: CustomerRow[], total: number, lowerBound = false) => ({
    items,
    total,
    ...(lowerBound ? { totalIsLowerBound: true as const } : {}),
    page: q.page,
    pageSize: q.pageSize,
  });

  if (shape.keyword === '-') {
    // The page and its capped total in one round trip.
    const { page, count } = listStatements.get(db, key, () => buildListStatements(db, shape));
    const rows = await page.execute(values);
    const { items, ...total } = await splitRideAlongTotalBy(rows, q, () => count.execute(values), LIST_COUNT_CAP);
    return { ...result(await withNames(db, items), 0), ...total };
  }
  // Steps 1 and 2 in one statement (see buildSearchStatement).
  const rows = await searchStatements.get(db, key, () => buildSearchStatement(db, shape)).execute(values);
  const [first] = rows;
  const found = {
    items: await withNames(
      db,
      rows
        .filter((r) => r.id != null)
        .map(({ matches: _n, scanned: _s, probed: _p, ...row }) => row as PageRow & { createdAt: string; updatedAt: string }),
    ),
    n: first?.matches ?? 0,
    scanned: first?.scanned ?? 0,
    probed: first?.probed === true,
  };
  if (!found.probed) return result(found.items, found.n, found.scanned > SEARCH_WINDOW);
  if (found.n <= Number(values.cap)) return result(found.items, found.n);
  // 3. More matches than the cap (deep pages of a very common keyword): walk the primary key.
  // Rare, so built for its request: the page's rows, store and category joined to the ids only.
  const offset = pageOf(q).offset;
  const newest = sql`(select ${customers.id} from ${customers} where ${customerWhere(ctx, q, { grams: false }) ?? sql`true`} order by ${customers.id} desc limit ${q.pageSize} offset ${offset})`;
  const items = await db
    .select(columns)
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .leftJoin(categories, eq(categories.id, customers.categoryId))
    .where(sql`${customers.id} in ${newest}`)
    .orderBy(desc(customers.id));
  return result(items.map(isoRow), Number(values.cap), true);
}

/**
 * Which of the list's filters a request has: its statements are built once per such shape
 * (platform/statements.ts). `keyword`: none, a short one looked up by its grams, or a LIKE.
 */
type CustomerShape = {
  store: StoreFilterShape['shape'];
  type: boolean;
  category: boolean;
  inArrears: boolean;
  keyword: '-' | 'grams' | 'like';
};

/** A request's filter shape and the values of its statements' placeholders. */
function customerShapeOf(ctx: Ctx, q: z.infer<typeof customerListQuery>): { shape: CustomerShape; values: StatementValues } {
  const store = storeFilterShape(ctx, q.storeId);
  const { limit, offset } = pageOf(q);
  const keyword = q.keyword || undefined;
  return {
    shape: {
      store: store.shape,
      type: !!q.type,
      category: !!q.categoryId,
      inArrears: !!q.inArrears,
      keyword: !keyword ? '-' : searchedByGrams(keyword) ? 'grams' : 'like',
    },
    values: {
      store: store.value,
      type: q.type,
      category: q.categoryId,
      inArrears: q.inArrears === 'true',
      keyword,
      pattern: keyword && likePattern(keyword),
      limit,
      offset,
      pageEnd: offset + limit,
      cap: Math.max(SEARCH_COUNT_CAP, offset + limit),
      capLimit: Math.max(SEARCH_COUNT_CAP, offset + limit) + 1,
      countLimit: rideAlongLimit(q, LIST_COUNT_CAP),
    },
  };
}

const shapeKey = (f: CustomerShape) => `${f.store}:${f.type ? 1 : 0}${f.category ? 1 : 0}${f.inArrears ? 1 : 0}:${f.keyword}`;

/** `customerWhere` of a filter shape over placeholders (`grams` as there). */
function customerWhereOf(f: CustomerShape, { grams = true } = {}): SQL | undefined {
  const p = sql.placeholder;
  const keyword =
    f.keyword === '-'
      ? undefined
      : f.keyword === 'grams' && grams
        ? sql`search_grams(${searchText}) @> array[lower(${p('keyword')})]::text[]`
        : sql`${searchText} like lower(${p('pattern')})`;
  return and(
    storeFilterOf(customers.storeId, f.store, p('store')),
    f.type ? eq(customers.type, p('type')) : undefined,
    f.category ? eq(customers.categoryId, p('category')) : undefined,
    f.inArrears ? sql`${customers.inArrears} = ${p('inArrears')}` : undefined,
    keyword,
  );
}

/** The newest customers' ids of the requested page among those matching `cond`. */
const newestIdsOf = (cond: SQL | undefined) =>
  sql`(select ${customers.id} from ${customers} where ${cond ?? sql`true`} order by ${customers.id} desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`;

/** Without a keyword: the page in id order with its ride-along total, and the count past the end. */
function buildListStatements(db: Executor, f: CustomerShape) {
  const where = customerWhereOf(f);
  const matching = () =>
    db
      .select({ one: sql`1` })
      .from(customers)
      .where(where)
      .$dynamic();
  const page = flatRows(
    db
      .select({ ...pageColumns, [RIDE_ALONG_TOTAL]: rideAlongTotalUpTo(matching(), sql.placeholder('countLimit')) })
      .from(customers)
      .where(sql`${customers.id} in ${newestIdsOf(where)}`)
      .orderBy(desc(customers.id))
      .prepare(UNNAMED),
  );
  return { page, count: countUpTo(db, matching(), sql.placeholder('countLimit')).prepare(UNNAMED) };
}

/**
 * Steps 1 and 2 in one statement (a round trip costs more than the page's joins). `w`: the newest
 * SEARCH_WINDOW (+1) customers in scope, each with whether its searched text contains the keyword (one
 * substring test each, the text not kept). Matches outside the window are all older than the window's,
 * so the window's matches are the top ones. `ws`: the window's size and matches in one pass, and `probe`:
 * the window is not the whole scope and holds too few matches for the page. `m`: the matches, the
 * window's, or (`probe`) up to `cap` + 1 collected through the indexes (that scan sits under a one-time
 * filter on `probe`, so it does not run otherwise). Their count, `scanned`, `probed` and the ids of the
 * page make a one-row `meta`, left-joined to the page's rows, so an empty page still answers the counts.
 * Not prepared as a named statement: a generic plan cannot see the keyword.
 */
function buildSearchStatement(db: Executor, f: CustomerShape) {
  const p = sql.placeholder;
  const scope = customerWhereOf({ ...f, keyword: '-' });
  const where = customerWhereOf(f);
  const found = sql`(with w as materialized (
               select ${customers.id} as id, strpos(${searchText}, lower(${p('keyword')})) > 0 as hit
                 from ${customers} where ${scope ?? sql`true`} order by ${customers.id} desc limit ${SEARCH_WINDOW + 1}),
             ws as materialized (
               select count(*)::int as scanned,
                      count(*) > ${SEARCH_WINDOW} and count(*) filter (where hit) <= ${p('pageEnd')} as probe from w),
             m as materialized (
               select id from w where hit and not (select probe from ws)
               union all
               (select ${customers.id} from ${customers} where ${where} and (select probe from ws) limit ${p('capLimit')}))
      select ws.scanned, ws.probe as probed, (select count(*)::int from m) as n,
             array(select id from m order by id desc limit ${p('limit')} offset ${p('offset')}) as ids from ws) as meta`;
  const statement = db
    .select({
      ...pageColumns,
      matches: sql<number>`meta.n`.mapWith(Number),
      scanned: sql<number>`meta.scanned`.mapWith(Number),
      probed: sql<boolean>`meta.probed`,
    })
    .from(found)
    .leftJoin(customers, sql`${customers.id} = any(meta.ids)`)
    .orderBy(desc(customers.id))
    .prepare(UNNAMED);
  return flatRows(statement);
}

/** The list's statements by filter shape, per database handle: without a keyword, and the keyword search. */
const listStatements = new StatementCache<ReturnType<typeof buildListStatements>>();
const searchStatements = new StatementCache<ReturnType<typeof buildSearchStatement>>();

/** The shapes of the customer list kept for `db` (without a keyword, then searches), least recently used first (tests). */
export const listCustomerShapes = (db: Db) => [...listStatements.shapes(db), ...searchStatements.shapes(db)];

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
