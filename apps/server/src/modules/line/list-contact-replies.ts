import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContactReply, ContactReplyPage, contactReplyQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { users } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { contactOf, visibleTo } from './line-access.js';
import { lineContactReplies, lineContacts } from './line.schema.js';

/** Screen replay_customer: the replies (replier, reply time, content), of one contact or all, newest first. */
export async function listContactReplies(db: Executor, ctx: Ctx, q: z.output<typeof contactReplyQuery>): Promise<ContactReplyPage> {
  if (q.contactId) await contactOf(db, ctx, q.contactId);
  const where = and(
    visibleTo(ctx, lineContacts.groupId, lineContacts.storeId),
    q.contactId ? eq(lineContactReplies.contactId, q.contactId) : undefined,
    keywordFilter(q.keyword, [lineContactReplies.content]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [agg]] = await Promise.all([
    db
      .select({ r: lineContactReplies, replier: users.name })
      .from(lineContactReplies)
      .innerJoin(lineContacts, eq(lineContacts.id, lineContactReplies.contactId))
      .leftJoin(users, eq(users.id, lineContactReplies.replierId))
      .where(where)
      .orderBy(desc(lineContactReplies.repliedAt), desc(lineContactReplies.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: countAll })
      .from(lineContactReplies)
      .innerJoin(lineContacts, eq(lineContacts.id, lineContactReplies.contactId))
      .where(where),
  ]);
  return { items: rows.map((r) => replyView(r.r, r.replier ?? '')), total: agg?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export function replyView(r: typeof lineContactReplies.$inferSelect, replier: string): ContactReply {
  return {
    id: r.id,
    contactId: r.contactId,
    replier,
    repliedAt: r.repliedAt.toISOString(),
    content: r.content,
    sentVia: r.sentVia,
  };
}
