import { and, eq, sql } from 'drizzle-orm';
import type { LineChannelTest } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { groupTimeZone } from '../../platform/tenancy.js';
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
  const pushedByGasops = await pushesThisMonth(db, channel.id, channel.groupId);
  try {
    const [bot, quota] = await Promise.all([client.botInfo(), client.quota()]);
    return { ok: true, botName: bot.displayName, quota: quota.limit, used: quota.used, pushedByGasops, status: null };
  } catch (err) {
    if (err instanceof LineApiError) return { ok: false, botName: null, quota: null, used: null, pushedByGasops, status: err.status };
    throw err;
  }
}

/**
 * Pushes GasOps sent on a channel since the start of the month on the group's calendar (staff
 * messages and FAQ answers that went by push, notices): every push is kept in a room's conversation.
 */
async function pushesThisMonth(db: Executor, channelId: number, groupId: number): Promise<number> {
  const tz = await groupTimeZone(db, groupId);
  const [row] = rowsOfResult<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n
        from line_messages m
        join line_rooms r on r.id = m.room_id
       where r.channel_id = ${channelId} and m.direction = 'out' and m.sent_via = 'push'
         and m.created_at >= (date_trunc('month', now() at time zone ${tz}) at time zone ${tz})
    `),
  );
  return Number(row?.n ?? 0);
}
