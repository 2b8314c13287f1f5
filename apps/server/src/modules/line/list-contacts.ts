import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Contact, ContactPage, contactQuery } from '@gasops/shared';
import { dateRange } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { assertStore, groupSettingsOf } from '../../platform/tenancy.js';
import { visibleTo } from './line-access.js';
import { lineContacts } from './line.schema.js';

// Correlated subqueries name the outer table itself: drizzle renders a lone column unqualified, which the
// subquery would read as its own.
const replies = sql<number>`(select count(*)::int from line_contact_replies r where r.contact_id = line_contacts.id)`;
const lastReplyAt = sql<string | null>`(select max(r.replied_at) from line_contact_replies r where r.contact_id = line_contacts.id)`;

/** Screen contact_customer: customers' reports from LINE and typed in by staff, newest first. */
export async function listContacts(db: Executor, ctx: Ctx, q: z.output<typeof contactQuery>): Promise<ContactPage> {
  if (q.storeId) assertStore(ctx, q.storeId);
  const { timeZone } = await groupSettingsOf(db, ctx);
  const where = and(
    visibleTo(ctx, lineContacts.groupId, lineContacts.storeId),
    q.storeId ? eq(lineContacts.storeId, q.storeId) : undefined,
    q.source ? eq(lineContacts.source, q.source) : undefined,
    q.unanswered ? sql`not exists (select 1 from line_contact_replies r where r.contact_id = line_contacts.id)` : undefined,
    keywordFilter(q.keyword, [lineContacts.reporter, lineContacts.content]),
    dateRange(lineContacts.reportedAt, q.from, q.to, timeZone),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [agg]] = await Promise.all([
    db
      .select({ c: lineContacts, storeName: stores.name, replies, lastReplyAt })
      .from(lineContacts)
      .leftJoin(stores, eq(stores.id, lineContacts.storeId))
      .where(where)
      .orderBy(desc(lineContacts.reportedAt), desc(lineContacts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: countAll }).from(lineContacts).where(where),
  ]);
  return {
    items: rows.map((r) => contactView(r.c, r.storeName, r.replies, r.lastReplyAt)),
    total: agg?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export function contactView(
  c: typeof lineContacts.$inferSelect,
  storeName: string | null,
  replyCount: number,
  last: string | Date | null,
): Contact {
  return {
    id: c.id,
    groupId: c.groupId,
    storeId: c.storeId,
    storeName,
    source: c.source,
    roomId: c.roomId,
    reporter: c.reporter,
    reportedAt: c.reportedAt.toISOString(),
    content: c.content,
    replies: replyCount,
    lastReplyAt: last ? new Date(last).toISOString() : null,
  };
}
