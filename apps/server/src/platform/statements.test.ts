import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Database, type Executor } from './db.js';
import { StatementCache, UNNAMED } from './statements.js';

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
