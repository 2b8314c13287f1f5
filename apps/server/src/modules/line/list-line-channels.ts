import { asc } from 'drizzle-orm';
import type { LineChannel } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { channelView } from './channel-view.js';
import { visibleTo } from './line-access.js';
import { lineChannels } from './line.schema.js';

/** The LINE channels (official accounts) of the user's group: a group has one, or one per store. */
export async function listLineChannels(db: Executor, ctx: Ctx): Promise<{ items: LineChannel[] }> {
  const rows = await db
    .select()
    .from(lineChannels)
    .where(visibleTo(ctx, lineChannels.groupId, lineChannels.storeId))
    .orderBy(asc(lineChannels.groupId), asc(lineChannels.id));
  return { items: rows.map(channelView) };
}
