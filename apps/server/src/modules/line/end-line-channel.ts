import { eq } from 'drizzle-orm';
import type { LineChannel } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { channelView, loggableChannel } from './channel-view.js';
import { lineChannels } from './line.schema.js';
import { forgetChannels } from './channel-cache.js';
import { lockChannel } from './save-line-channel.js';

/**
 * Ends (or resumes) the store group's LINE service on a channel: an ended channel keeps nothing the
 * webhook sends and pushes no notices, and once every channel of the group is ended the retention
 * clock (CHAT_RETENTION_MONTHS, retention.ts) runs from the last end. Ending twice keeps the first date.
 */
export async function setLineChannelEnded(db: Db, ctx: Ctx, id: number, ended: boolean): Promise<LineChannel> {
  const row = await db.transaction(async (tx) => {
    const before = await lockChannel(tx, ctx, id);
    if (!!before.endedAt === ended) return before;
    const [after] = await tx
      .update(lineChannels)
      .set({ endedAt: ended ? new Date() : null, updatedAt: new Date() })
      .where(eq(lineChannels.id, id))
      .returning();
    await recordAction(tx, ctx, {
      entity: 'line_channels',
      entityId: id,
      action: ended ? 'end' : 'resume',
      groupId: before.groupId,
      before: loggableChannel(before),
      after: loggableChannel(after),
    });
    return after!;
  });
  forgetChannels(); // after the commit: the webhook and the handling read it anew
  return channelView(row);
}
