import { eq, getTableName, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from './context.js';
import type { Executor } from './db.js';
import { notFound } from './errors.js';
import { actionLog } from './platform.schema.js';

const SECRET_KEYS = /password|secret|token|hash/i;

/** Copies a row for the log without credentials. */
export function redact(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !SECRET_KEYS.test(k))
      .map(([k, v]) => [k, redact(v)]),
  );
}

export type ActionEntry = {
  entity: string;
  entityId?: string | number | null;
  action?: string;
  before?: unknown;
  after?: unknown;
  groupId?: number | null;
};

/**
 * Writes one action-log row in the caller's transaction: who, when, from where, which screen and
 * action (from the route's permission), which entity, before and after. The audited CRUD helpers
 * below call it; a service that writes through other means calls it itself.
 */
export async function recordAction(exec: Executor, ctx: Ctx, entry: ActionEntry): Promise<void> {
  await exec.insert(actionLog).values({
    userId: ctx.user.id,
    account: ctx.user.account,
    groupId: entry.groupId !== undefined ? entry.groupId : ctx.user.groupId,
    screen: ctx.screen,
    action: entry.action ?? ctx.action ?? ctx.method.toLowerCase(),
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: (redact(entry.before) ?? null) as object | null,
    after: (redact(entry.after) ?? null) as object | null,
    method: ctx.method,
    path: ctx.path,
    ip: ctx.ip,
  });
  ctx.audited.count++;
}

type TableWithId = PgTable & { id: PgColumn };
const groupOf = (row: unknown): number | null | undefined => {
  const g = (row as { groupId?: unknown })?.groupId;
  return typeof g === 'number' ? g : undefined;
};

/** Inserts a row and logs it (entity = table name). */
export async function insertAudited<T extends TableWithId>(
  exec: Executor,
  ctx: Ctx,
  table: T,
  values: InferInsertModel<T>,
): Promise<InferSelectModel<T>> {
  const [row] = (await exec
    .insert(table)
    .values(values as never)
    .returning()) as InferSelectModel<T>[];
  await recordAction(exec, ctx, { entity: getTableName(table), entityId: (row as { id?: number }).id, after: row, groupId: groupOf(row) });
  return row!;
}

/** Updates a row by id, logging before and after; 404 when absent. */
export async function updateAudited<T extends TableWithId>(
  exec: Executor,
  ctx: Ctx,
  table: T,
  id: number,
  patch: Partial<InferInsertModel<T>>,
): Promise<InferSelectModel<T>> {
  const [before] = (await exec
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update')) as InferSelectModel<T>[];
  if (!before) throw notFound();
  const [after] = (await exec
    .update(table)
    .set(patch as never)
    .where(eq(table.id, id))
    .returning()) as InferSelectModel<T>[];
  await recordAction(exec, ctx, { entity: getTableName(table), entityId: id, before, after, groupId: groupOf(after) });
  return after!;
}

/** Deletes a row by id, logging what it was; 404 when absent. */
export async function deleteAudited<T extends TableWithId>(exec: Executor, ctx: Ctx, table: T, id: number): Promise<InferSelectModel<T>> {
  const [before] = (await exec.delete(table).where(eq(table.id, id)).returning()) as InferSelectModel<T>[];
  if (!before) throw notFound();
  await recordAction(exec, ctx, {
    entity: getTableName(table),
    entityId: id,
    action: ctx.action ?? 'delete',
    before,
    groupId: groupOf(before),
  });
  return before;
}
