import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { boolean, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bigMoney, calendarDate, timestampTz } from './columns.js';
import { openDatabase, type Database, type Executor } from './db.js';
import { flatRows, StatementCache, UNNAMED } from './statements.js';

let database: Database;
/** `select $x::int <op> k` over one placeholder. */
const arithmetic = (db: Executor, op: SQL) =>
  db
    .select({ n: sql<number>`${sql.placeholder('x')}::int ${op}` })
    .from(sql`(values (1)) as v(one)`)
    .prepare(UNNAMED);

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
});
afterAll(async () => {
  await database.close();
});

describe('StatementCache', () => {
  it('builds a shape once per database handle, runs it with each call’s values', async () => {
    const cache = new StatementCache<ReturnType<typeof arithmetic>>();
    let built = 0;
    const build = () => {
      built++;
      return arithmetic(database.db, sql`* 2`);
    };
    expect(await cache.get(database.db, 'double', build).execute({ x: 2 })).toEqual([{ n: 4 }]);
    expect(await cache.get(database.db, 'double', build).execute({ x: 5 })).toEqual([{ n: 10 }]);
    expect(built).toBe(1);
    expect(cache.shapes(database.db)).toEqual(['double']);
  });

  it('keeps at most `max` shapes, dropping the least recently used', () => {
    const cache = new StatementCache<string>(2);
    const db = database.db;
    const builds: string[] = [];
    const get = (shape: string) => cache.get(db, shape, () => (builds.push(shape), `statement ${shape}`));
    expect([get('a'), get('b'), get('a')]).toEqual(['statement a', 'statement b', 'statement a']);
    expect(cache.shapes(db)).toEqual(['b', 'a']);
    get('c'); // drops b, the least recently used
    expect(cache.shapes(db)).toEqual(['a', 'c']);
    get('b');
    expect(cache.shapes(db)).toEqual(['c', 'b']);
    expect(builds).toEqual(['a', 'b', 'c', 'b']);
  });

  it('builds a transaction’s statements each time (its handle lives for one transaction)', async () => {
    const cache = new StatementCache<ReturnType<typeof arithmetic>>();
    let built = 0;
    const build = (db: Executor) => () => {
      built++;
      return arithmetic(db, sql`+ 1`);
    };
    const answers = await database.db.transaction(async (tx) => [
      await cache.get(tx, 'plus', build(tx)).execute({ x: 1 }),
      await cache.get(tx, 'plus', build(tx)).execute({ x: 2 }),
    ]);
    expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }]]);
    expect(built).toBe(2);
    expect(cache.shapes(database.db)).toEqual([]);
  });
});

describe('flatRows', () => {
  const things = pgTable('flat_things', {
    id: serial('id').primaryKey(),
    name: text('name'),
    at: timestampTz('at'),
    day: calendarDate('day'),
    amount: bigMoney('amount'),
    meta: jsonb('meta').$type<{ k: number[] }>(),
    flag: boolean('flag'),
  });
  const owners = pgTable('flat_owners', { id: serial('id').primaryKey(), thingId: serial('thing_id'), name: text('name') });

  it("reads a flat select's rows as Drizzle maps them, and leaves a nested select to Drizzle", async () => {
    await database.exec(`create table flat_things (id serial primary key, name text, at timestamptz, day date, amount bigint, meta jsonb, flag boolean);
      create table flat_owners (id serial primary key, thing_id int, name text);
      insert into flat_things (name, at, day, amount, meta, flag) values
        ('a', '2026-01-02 03:04:05.678912+00', '2026-01-02', 9007199254740991, '{"k":[1,2]}', true), (null, null, null, null, null, null);
      insert into flat_owners (thing_id, name) values (1, 'owner')`);
    const flat = (db: Executor) =>
      db
        .select({
          id: things.id,
          name: things.name,
          at: things.at,
          day: things.day,
          amount: things.amount,
          meta: things.meta,
          flag: things.flag,
          owner: owners.name,
          count: sql<number>`(select count(*) from flat_owners)`.mapWith(Number),
          atText: sql<string>`${things.at}`,
          placeholder: sql<string>`${sql.placeholder('x')}::text`,
        })
        .from(things)
        .leftJoin(owners, eq(owners.thingId, things.id))
        .orderBy(things.id)
        .prepare(UNNAMED);
    const want = await flat(database.db).execute({ x: 'x' });
    expect(want[0]!.at).toBeInstanceOf(Date);
    const fast = flatRows(flat(database.db));
    expect((fast as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    const got = await fast.execute({ x: 'x' });
    expect(got).toStrictEqual(want);
    expect(Object.keys(got[0]!)).toEqual(Object.keys(want[0]!));

    const nested = () =>
      database.db
        .select({ id: things.id, owner: { name: owners.name } })
        .from(things)
        .leftJoin(owners, eq(owners.thingId, things.id))
        .orderBy(things.id)
        .prepare(UNNAMED);
    expect(await flatRows(nested()).execute()).toStrictEqual([
      { id: 1, owner: { name: 'owner' } },
      { id: 2, owner: null },
    ]);
  });
});
