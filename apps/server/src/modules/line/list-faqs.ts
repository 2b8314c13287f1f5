import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FaqPage, faqQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';
import { groupScope } from '../../platform/tenancy.js';
import { faqView } from './faq-view.js';
import { lineFaqs, lineRooms } from './line.schema.js';

/** Screen faq: the group's FAQs, pending candidates first, then by priority. */
export async function listFaqs(db: Executor, ctx: Ctx, q: z.output<typeof faqQuery>): Promise<FaqPage> {
  const where = and(
    groupScope(ctx, lineFaqs.groupId),
    q.status ? eq(lineFaqs.status, q.status) : undefined,
    keywordFilter(q.keyword, [lineFaqs.keyword, lineFaqs.reply]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [agg]] = await Promise.all([
    db
      .select({ f: lineFaqs, roomName: lineRooms.name })
      .from(lineFaqs)
      .leftJoin(lineRooms, eq(lineRooms.id, lineFaqs.roomId))
      .where(where)
      .orderBy(desc(eq(lineFaqs.status, 'pending')), desc(lineFaqs.priority), asc(lineFaqs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: countAll }).from(lineFaqs).where(where),
  ]);
  return { items: rows.map((r) => faqView(r.f, r.roomName)), total: agg?.n ?? 0, page: q.page, pageSize: q.pageSize };
}
