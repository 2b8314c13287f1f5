import type { LineChannel } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { changeChannel } from './save-line-channel.js';

/**
 * Ends (or resumes) the store group's LINE service on a channel: an ended channel keeps nothing the
 * webhook sends and pushes no notices, and once every channel of the group is ended the retention
 * clock (CHAT_RETENTION_MONTHS, retention.ts) runs from the last end. Ending twice keeps the first date.
 */
export async function setLineChannelEnded(db: Db, ctx: Ctx, id: number, ended: boolean): Promise<LineChannel> {
  return changeChannel(db, ctx, id, ended ? 'end' : 'resume', async (_tx, before) =>
    !!before.endedAt === ended ? null : { endedAt: ended ? new Date() : null },
  );
}
