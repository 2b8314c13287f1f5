import { desc, eq } from 'drizzle-orm';
import type { LineMessage, LineMessagePage } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf, type PageRequest } from '../../platform/paging.js';
import { users } from '../../platform/platform.schema.js';
import { roomOf } from './line-access.js';
import { lineMessages } from './line.schema.js';

/** A room's conversation, newest first (the screen shows a page and reverses it). */
export async function listRoomMessages(db: Executor, ctx: Ctx, roomId: number, q: PageRequest): Promise<LineMessagePage> {
  const room = await roomOf(db, ctx, roomId);
  const { limit, offset } = pageOf(q);
  const [rows, [agg]] = await Promise.all([
    db
      .select({ m: lineMessages, sentBy: users.name })
      .from(lineMessages)
      .leftJoin(users, eq(users.id, lineMessages.sentBy))
      .where(eq(lineMessages.roomId, room.id))
      .orderBy(desc(lineMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: countAll }).from(lineMessages).where(eq(lineMessages.roomId, room.id)),
  ]);
  return { items: rows.map((r) => messageView(r.m, r.sentBy)), total: agg?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export function messageView(m: typeof lineMessages.$inferSelect, sentBy: string | null): LineMessage {
  return {
    id: m.id,
    roomId: m.roomId,
    direction: m.direction,
    lineUserId: m.lineUserId,
    messageType: m.messageType,
    text: m.text,
    sentVia: m.sentVia,
    faqId: m.faqId,
    sentBy,
    createdAt: m.createdAt.toISOString(),
  };
}
