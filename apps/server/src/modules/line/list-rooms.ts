import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LineRoom, LineRoomPage, lineRoomQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';
import { assertStore } from '../../platform/tenancy.js';
import { visibleTo } from './line-access.js';
import { lineRooms } from './line.schema.js';

/** Screen chatroom: the rooms and followers of the group's LINE accounts, latest conversation first. */
export async function listRooms(db: Executor, ctx: Ctx, q: z.output<typeof lineRoomQuery>): Promise<LineRoomPage> {
  if (q.storeId) assertStore(ctx, q.storeId);
  const where = and(
    visibleTo(ctx, lineRooms.groupId, lineRooms.storeId),
    q.storeId ? eq(lineRooms.storeId, q.storeId) : undefined,
    q.kind ? eq(lineRooms.kind, q.kind) : undefined,
    keywordFilter(q.keyword, [lineRooms.name, lineRooms.lineId]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [agg]] = await Promise.all([
    db
      .select({
        room: lineRooms,
        lastText: sql<string | null>`(select m.text from line_messages m where m.room_id = line_rooms.id order by m.id desc limit 1)`,
      })
      .from(lineRooms)
      .where(where)
      .orderBy(sql`${lineRooms.lastMessageAt} desc nulls last`, desc(lineRooms.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: countAll }).from(lineRooms).where(where),
  ]);
  return { items: rows.map((r) => roomView(r.room, r.lastText)), total: agg?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export function roomView(r: typeof lineRooms.$inferSelect, lastText: string | null): LineRoom {
  return {
    id: r.id,
    channelId: r.channelId,
    storeId: r.storeId,
    lineId: r.lineId,
    kind: r.kind,
    name: r.name,
    active: r.active,
    staffHandling: r.staffHandling,
    lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
    lastText,
    createdAt: r.createdAt.toISOString(),
  };
}
