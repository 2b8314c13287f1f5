import { and, eq } from 'drizzle-orm';
import type { LineChannelTest } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { LineApiError } from './line-client.js';
import { clientOf, visibleTo, type LineConfig } from './line-access.js';
import { lineChannels } from './line.schema.js';

/** "Test connection": asks LINE for the bot's name and the month's push quota with the stored token. */
export async function testLineChannel(db: Executor, ctx: Ctx, config: LineConfig, id: number): Promise<LineChannelTest> {
  const [channel] = await db
    .select()
    .from(lineChannels)
    .where(and(eq(lineChannels.id, id), visibleTo(ctx, lineChannels.groupId, lineChannels.storeId)));
  if (!channel) throw notFound();
  const client = await clientOf(db, config, channel);
  try {
    const [bot, quota] = await Promise.all([client.botInfo(), client.quota()]);
    return { ok: true, botName: bot.displayName, quota: quota.limit, used: quota.used, status: null };
  } catch (err) {
    if (err instanceof LineApiError) return { ok: false, botName: null, quota: null, used: null, status: err.status };
    throw err;
  }
}
