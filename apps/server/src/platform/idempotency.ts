import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from './db.js';
import { idempotencyKeys } from './platform.schema.js';

/** What a write run under an idempotency key gave: its result, and whether it is a replay of an earlier run. */
export type Once<T> = { result: T; replayed: boolean };

const isUniqueViolation = (err: unknown) => {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Runs a write exactly once per key (double click, phone retry, redelivered event): the result is
 * stored with the key in the same transaction as the write, and a repeated key gets that result
 * back (as JSON: dates become ISO strings). Two concurrent runs with one key: the second waits on
 * the key's row, fails its insert, and answers with what the first stored. Without a key the write
 * simply runs. How a replay is answered (HTTP status…) is the caller's business.
 */
export async function runOnce<T>(db: Db, scope: string, key: string | undefined, run: (tx: Tx) => Promise<T>): Promise<Once<T>> {
  const stored = async (): Promise<Once<T> | null> => {
    if (!key) return null;
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return row ? { result: row.response as T, replayed: true } : null;
  };
  const first = await stored();
  if (first) return first;
  try {
    return await db.transaction(async (tx) => {
      const result = JSON.parse(JSON.stringify(await run(tx))) as T;
      if (key) await tx.insert(idempotencyKeys).values({ scope, key, response: result as object });
      return { result, replayed: false };
    });
  } catch (err) {
    if (key && isUniqueViolation(err)) {
      const again = await stored();
      if (again) return again;
    }
    throw err;
  }
}

/** The `Idempotency-Key` header, if it is a sensible token. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const v = headers['idempotency-key'];
  return typeof v === 'string' && /^[\w.:-]{8,128}$/.test(v) ? v : undefined;
}
