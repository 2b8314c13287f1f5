import crypto from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { LINE_RULE, type LineChannel, type lineChannelBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor, Tx } from '../../platform/db.js';
import { invalidField, notFound, taken } from '../../platform/errors.js';
import { sealSecret } from '../../platform/secret-box.js';
import { storeOf, targetGroup } from '../../platform/tenancy.js';
import { channelView, loggableChannel } from './channel-view.js';
import { SEAL, visibleTo, type LineConfig } from './line-access.js';
import { lineChannels } from './line.schema.js';
import { forgetChannels } from './channel-cache.js';

type Body = z.output<typeof lineChannelBody>;

/**
 * One official account per group (store null) or per store: a second one is refused on the store field
 * (the unique index line_channels_owner_idx stands behind this check for concurrent saves).
 */
async function checkOwnerFree(db: Executor, groupId: number, storeId: number | null, exceptId?: number) {
  const [other] = await db
    .select({ id: lineChannels.id })
    .from(lineChannels)
    .where(
      and(
        eq(lineChannels.groupId, groupId),
        storeId === null ? isNull(lineChannels.storeId) : eq(lineChannels.storeId, storeId),
        exceptId ? ne(lineChannels.id, exceptId) : undefined,
      ),
    );
  if (other) throw taken('storeId', 'line.error.channelTaken');
}

async function checkStore(db: Executor, ctx: Ctx, groupId: number, storeId: number | null) {
  if (storeId === null) return;
  const store = await storeOf(db, ctx, storeId);
  if (store.groupId !== groupId) throw notFound();
}

/** Connects a LINE official account; the secret and token are sealed (secret-box.ts) and never answered. */
export async function createLineChannel(db: Db, ctx: Ctx, config: LineConfig, body: Body): Promise<LineChannel> {
  const groupId = await targetGroup(db, ctx, body.groupId);
  await checkStore(db, ctx, groupId, body.storeId);
  if (!body.channelSecret) throw invalidField('channelSecret', LINE_RULE.secretRequired);
  if (!body.accessToken) throw invalidField('accessToken', LINE_RULE.tokenRequired);
  await checkOwnerFree(db, groupId, body.storeId);
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lineChannels)
      .values({
        groupId,
        storeId: body.storeId,
        name: body.name,
        channelId: body.channelId,
        secretEnc: await sealSecret(tx, config, body.channelSecret!, SEAL.secret),
        tokenEnc: await sealSecret(tx, config, body.accessToken!, SEAL.token),
        webhookKey: crypto.randomBytes(18).toString('base64url'),
      })
      .returning();
    await recordAction(tx, ctx, { entity: 'line_channels', entityId: row!.id, groupId, after: loggableChannel(row) });
    return row!;
  });
  forgetChannels(); // after the commit: the webhook and the handling read it anew
  return channelView(row);
}

/** A channel the caller may see, locked for a change in this transaction (another's: 404). */
async function lockChannel(tx: Tx, ctx: Ctx, id: number) {
  const [row] = await tx
    .select()
    .from(lineChannels)
    .where(and(eq(lineChannels.id, id), visibleTo(ctx, lineChannels.groupId, lineChannels.storeId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

type ChannelRecord = typeof lineChannels.$inferSelect;
type ChannelChange = Partial<typeof lineChannels.$inferInsert>;

/**
 * Changes a channel the caller may see in one transaction: locked, `change` gives the new values (null:
 * nothing to change), written and logged as `action`; then the webhook and the handling read it anew.
 */
export async function changeChannel(
  db: Db,
  ctx: Ctx,
  id: number,
  action: string | undefined,
  change: (tx: Tx, before: ChannelRecord) => Promise<ChannelChange | null>,
): Promise<LineChannel> {
  const row = await db.transaction(async (tx) => {
    const before = await lockChannel(tx, ctx, id);
    const values = await change(tx, before);
    if (!values) return before;
    const [after] = await tx
      .update(lineChannels)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(lineChannels.id, id))
      .returning();
    await recordAction(tx, ctx, {
      entity: 'line_channels',
      entityId: id,
      action,
      groupId: before.groupId,
      before: loggableChannel(before),
      after: loggableChannel(after),
    });
    return after!;
  });
  forgetChannels(); // after the commit: the webhook and the handling read it anew
  return channelView(row);
}

/** Changes a channel; an absent or empty secret or token keeps the stored one. */
export async function updateLineChannel(db: Db, ctx: Ctx, config: LineConfig, id: number, body: Body): Promise<LineChannel> {
  return changeChannel(db, ctx, id, undefined, async (tx, before) => {
    await checkStore(tx, ctx, before.groupId, body.storeId);
    await checkOwnerFree(tx, before.groupId, body.storeId, id);
    return {
      storeId: body.storeId,
      name: body.name,
      channelId: body.channelId,
      ...(body.channelSecret ? { secretEnc: await sealSecret(tx, config, body.channelSecret, SEAL.secret) } : {}),
      ...(body.accessToken ? { tokenEnc: await sealSecret(tx, config, body.accessToken, SEAL.token) } : {}),
    };
  });
}
