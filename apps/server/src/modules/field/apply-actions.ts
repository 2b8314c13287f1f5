import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  dateIn,
  FIELD_ACTION_SCREENS,
  FIELD_PAYLOADS,
  FIELD_SUCCESS_KEYS,
  fieldErrors,
  mayDo,
  translate,
  V,
  type FieldActionKind,
  type FieldActionResult,
  type FieldActionsResult,
  type fieldActionEnvelope,
  type fieldActionsBody,
} from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, pgClientError } from '../../platform/errors.js';
import { getParamNumber } from '../../platform/params.js';
import { inspectionDayOf } from '../cylinders/index.js';
import { deliverOrder } from './deliver-order.js';
import { dispatchRefill, receiveRefill } from './dispatch-refill.js';
import type { ActionContext, ActionOutcome } from './field-action.js';
import { fieldActions } from './field.schema.js';
import { groupOfUser } from './lookup-cylinders.js';
import { recordInspection } from './record-inspection.js';
import { returnCylinders } from './return-cylinders.js';
import { ProofFiles } from './store-proof.js';

type Envelope = z.output<typeof fieldActionEnvelope>;

// Each kind's service, given its parsed payload (the casts pair each kind with its own schema's output).
const SERVICES: { [K in FieldActionKind]: (a: ActionContext, p: z.output<(typeof FIELD_PAYLOADS)[K]>) => Promise<ActionOutcome> } = {
  deliver: deliverOrder,
  return: returnCylinders,
  packaging: dispatchRefill,
  'filling-in': receiveRefill,
  examine: recordInspection,
};

/** The code lists of a payload (by field), for the MAX_CYLINDER_ENTRIES check. */
function codeLists(kind: FieldActionKind, payload: Record<string, unknown>): [string, number][] {
  const len = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  if (kind === 'deliver')
    return [
      ['handedOver', len(payload.handedOver)],
      ['takenBack', len(payload.takenBack)],
    ];
  return [['codes', len(payload.codes)]];
}

function answer(
  ctx: Ctx,
  env: Envelope,
  over: Partial<FieldActionResult> & Pick<FieldActionResult, 'status' | 'messageKey'>,
): FieldActionResult {
  return {
    id: env.id,
    kind: env.kind,
    firstStatus: null,
    message: translate(ctx.locale, over.messageKey),
    reasons: [],
    errors: {},
    deviceTime: isoNN(env.deviceTime),
    serverTime: null,
    orderId: null,
    orderStatus: null,
    totalAmount: null,
    inspectionId: null,
    lines: [],
    ...over,
  };
}

/** Refused before anything was stored: the field messages (translated), the first as the message. */
function rejected(
  ctx: Ctx,
  env: Envelope,
  key: string,
  fieldKeys: Record<string, string> = {},
  params?: Record<string, unknown>,
): FieldActionResult {
  const errors = Object.fromEntries(Object.entries(fieldKeys).map(([f, k]) => [f, translate(ctx.locale, k, params)]));
  return answer(ctx, env, { status: 'rejected', messageKey: key, message: translate(ctx.locale, key, params), errors });
}

/** The stored first answer of an action, as the answer to a repeat (or a refusal when another user sent that id). */
async function repeatOf(db: Executor, ctx: Ctx, env: Envelope): Promise<FieldActionResult | null> {
  const [row] = await db
    .select({ userId: fieldActions.userId, status: fieldActions.status, result: fieldActions.result })
    .from(fieldActions)
    .where(eq(fieldActions.actionId, env.id));
  if (!row) return null;
  if (row.userId !== ctx.user.id) return rejected(ctx, env, 'feedback.error.conflict', { id: 'feedback.error.conflict' });
  const first = row.result;
  const errors = Object.fromEntries(Object.entries(first.errors).map(([f, k]) => [f, translate(ctx.locale, k)]));
  return { ...first, status: 'duplicate', firstStatus: row.status, message: translate(ctx.locale, first.messageKey), errors };
}

/**
 * Applies one queued action exactly once, in its own transaction: its UUID is inserted into
 * field_actions first (unique; a concurrent twin waits on the index and then finds it), then the
 * effect, then the stored answer. A repeat answers the stored first result and does nothing. A bad
 * payload, a missing right or a refused value answers `rejected` and stores nothing.
 */
async function applyOne(db: Db, ctx: Ctx, dataDir: string, groupId: number, maxEntries: number, env: Envelope): Promise<FieldActionResult> {
  const repeat = await repeatOf(db, ctx, env);
  if (repeat) return repeat;
  if (!mayDo(ctx.user, FIELD_ACTION_SCREENS[env.kind], 'create')) return rejected(ctx, env, 'feedback.error.forbidden');
  const parsed = FIELD_PAYLOADS[env.kind].safeParse(env.payload);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, ctx.locale);
    const first = Object.values(errors)[0] ?? translate(ctx.locale, 'feedback.error.badRequest');
    return { ...answer(ctx, env, { status: 'rejected', messageKey: 'feedback.error.badRequest' }), message: first, errors };
  }
  for (const [field, count] of codeLists(env.kind, env.payload))
    if (count > maxEntries) return rejected(ctx, env, V.noSpace, { [field]: V.noSpace });

  const proof = new ProofFiles(dataDir, groupId, env.id);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(fieldActions)
        .values({
          actionId: env.id,
          groupId,
          userId: ctx.user.id,
          kind: env.kind,
          status: 'applied',
          deviceTime: new Date(env.deviceTime),
          payload: {},
          result: answer(ctx, env, { status: 'applied', messageKey: FIELD_SUCCESS_KEYS[env.kind] }),
        })
        .onConflictDoNothing()
        .returning({ id: fieldActions.id, serverTime: fieldActions.serverTime });
      if (!row) return (await repeatOf(tx, ctx, env))!;
      const day = await inspectionDayOf(tx, groupId);
      const deviceTime = new Date(env.deviceTime);
      const date = dateIn(day.timeZone, deviceTime < row.serverTime ? deviceTime : row.serverTime);
      const a: ActionContext = { tx, ctx, groupId, actionId: env.id, rowId: row.id, deviceTime, date, day, proof };
      const service = SERVICES[env.kind] as (a: ActionContext, p: unknown) => Promise<ActionOutcome>;
      const o = await service(a, parsed.data);
      const status = o.reasons.length ? 'conflict' : 'applied';
      const stored: FieldActionResult = answer(ctx, env, {
        status,
        messageKey: status === 'conflict' ? `field.conflict.${o.reasons[0]}` : FIELD_SUCCESS_KEYS[env.kind],
        reasons: o.reasons,
        // Stored as keys (a repeat is answered in its own request's language).
        errors: o.errors,
        serverTime: isoNN(row.serverTime),
        orderId: o.orderId,
        orderStatus: o.orderStatus,
        totalAmount: o.totalAmount,
        inspectionId: o.inspectionId,
        lines: o.lines,
      });
      const { signature: _s, photo: _p, ...payload } = parsed.data as Record<string, unknown>;
      await tx
        .update(fieldActions)
        .set({
          status,
          reasons: o.reasons,
          storeId: o.storeId,
          orderId: o.orderId,
          customerId: o.customerId,
          paymentType: o.paymentType,
          cashAmount: o.cashAmount,
          lineCount: o.lines.length,
          pendingCount: o.lines.filter((l) => l.result === 'pending').length,
          signaturePath: o.signaturePath,
          photoPath: o.photoPath,
          latitude: o.position?.lat ?? null,
          longitude: o.position?.lng ?? null,
          accuracyM: o.position?.accuracyM ?? null,
          payload,
          result: stored,
        })
        .where(eq(fieldActions.id, row.id));
      await recordAction(tx, ctx, {
        entity: 'field_actions',
        entityId: row.id,
        action: env.kind,
        groupId,
        after: { actionId: env.id, kind: env.kind, status, reasons: o.reasons, deviceTime: env.deviceTime, payload },
      });
      const errors = Object.fromEntries(Object.entries(o.errors).map(([f, k]) => [f, translate(ctx.locale, k)]));
      return { ...stored, errors };
    });
  } catch (err) {
    await proof.discard();
    const appErr = err instanceof AppError ? err : pgClientError(err);
    if (appErr && appErr.status < 500) return rejected(ctx, env, appErr.key, appErr.fields, appErr.params);
    throw err;
  }
}

/**
 * POST /api/field/actions: a phone's queued actions, applied in the order sent, each in its own
 * transaction, so a conflict or a refusal never fails the batch nor blocks the actions after it.
 */
export async function applyFieldActions(
  db: Db,
  ctx: Ctx,
  dataDir: string,
  body: z.output<typeof fieldActionsBody>,
): Promise<FieldActionsResult> {
  const groupId = groupOfUser(ctx);
  const maxEntries = await getParamNumber(db, groupId, 'MAX_CYLINDER_ENTRIES');
  const results: FieldActionResult[] = [];
  for (const env of body.actions) results.push(await applyOne(db, ctx, dataDir, groupId, maxEntries, env));
  return { serverTime: isoNN(new Date()), results };
}
