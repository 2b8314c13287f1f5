import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { idempotencyKeys } from '../../platform/platform.schema.js';

export type Stored = { status: number; body: unknown };

const isUniqueViolation = (err: unknown) => {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Runs a create exactly once per `Idempotency-Key` (double click, phone retry): the first answer
 * is stored with the key in the same transaction as the write, and a repeated key gets that answer
 * back. Two concurrent requests with one key: the second waits on the key's row, fails its insert,
 * and answers with what the first stored. Without a key the write simply runs.
 */
export async function onceFor(db: Db, scope: string, key: string | undefined, run: (tx: Tx) => Promise<Stored>): Promise<Stored> {
  const stored = async (): Promise<Stored | null> => {
    if (!key) return null;
    const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return row ? { status: row.status, body: row.response } : null;
  };
  const first = await stored();
  if (first) return first;
  try {
    return await db.transaction(async (tx) => {
      const result = await run(tx);
      const body = JSON.parse(JSON.stringify(result.body)) as unknown;
      if (key) await tx.insert(idempotencyKeys).values({ scope, key, status: result.status, response: body as object });
      return { status: result.status, body };
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
