import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { rowsOfResult } from '../../platform/db.js';
import { paramNumSql } from '../../platform/params.js';
import { actionLog } from '../../platform/platform.schema.js';
import {
  lineChannels,
  lineContacts,
  lineCustomerLinks,
  lineEvents,
  lineFaqs,
  lineLinkCodes,
  lineLinkRequests,
  lineMessages,
  lineNotices,
  lineRooms,
} from './line.schema.js';

export type RetentionResult = { groupId: number; endedAt: string; months: number; deleted: Record<string, number> }[];

/**
 * Seed §1: chat data is kept up to CHAT_RETENTION_MONTHS (default 12) after a store group's LINE service
 * ends. The service "ends" when every LINE channel of the group is ended (POST /line/channels/:id/end);
 * the clock runs from the last end. Then the group's events, messages, contacts (and their replies),
 * chat rooms (LINE user ids and names; FAQs limited to one room go with it), pending FAQ candidates
 * (customers' questions), customer links, link codes, link requests (phone numbers) and notices are deleted in one transaction, and an
 * action-log row (no user: the retention job) records what and how much. The channel settings and the
 * maintained FAQs stay. Run daily by the LINE runtime; a group with nothing left to delete is skipped.
 */
export async function runRetention(db: Db, now = new Date()): Promise<RetentionResult> {
  const due = rowsOfResult<{ group_id: number; ended_at: string | Date; months: number }>(
    await db.execute(sql`
      select c.group_id, max(c.ended_at) as ended_at, max(${paramNumSql(sql`c.group_id`, 'CHAT_RETENTION_MONTHS')})::int as months
        from line_channels c
       group by c.group_id
      having bool_and(c.ended_at is not null)
         and max(c.ended_at) + make_interval(months => max(${paramNumSql(sql`c.group_id`, 'CHAT_RETENTION_MONTHS')})::int) <= ${now.toISOString()}::timestamptz
    `),
  );
  const out: RetentionResult = [];
  for (const g of due) {
    const groupId = Number(g.group_id);
    const deleted = await db.transaction(async (tx) => {
      const channelIds = (await tx.select({ id: lineChannels.id }).from(lineChannels).where(eq(lineChannels.groupId, groupId))).map(
        (c) => c.id,
      );
      const n = async (q: Promise<unknown[]>) => (await q).length;
      const counts = {
        events: channelIds.length
          ? await n(tx.delete(lineEvents).where(inArray(lineEvents.channelId, channelIds)).returning({ id: lineEvents.id }))
          : 0,
        notices: await n(tx.delete(lineNotices).where(eq(lineNotices.groupId, groupId)).returning({ id: lineNotices.id })),
        links: await n(tx.delete(lineCustomerLinks).where(eq(lineCustomerLinks.groupId, groupId)).returning({ id: lineCustomerLinks.id })),
        linkCodes: await n(tx.delete(lineLinkCodes).where(eq(lineLinkCodes.groupId, groupId)).returning({ id: lineLinkCodes.id })),
        linkRequests: await n(
          tx.delete(lineLinkRequests).where(eq(lineLinkRequests.groupId, groupId)).returning({ id: lineLinkRequests.id }),
        ),
        contacts: await n(tx.delete(lineContacts).where(eq(lineContacts.groupId, groupId)).returning({ id: lineContacts.id })),
        messages: await n(tx.delete(lineMessages).where(eq(lineMessages.groupId, groupId)).returning({ id: lineMessages.id })),
        faqCandidates: await n(
          tx
            .delete(lineFaqs)
            .where(and(eq(lineFaqs.groupId, groupId), eq(lineFaqs.status, 'pending')))
            .returning({ id: lineFaqs.id }),
        ),
        rooms: await n(tx.delete(lineRooms).where(eq(lineRooms.groupId, groupId)).returning({ id: lineRooms.id })),
      };
      if (Object.values(counts).every((v) => v === 0)) return null;
      await tx.insert(actionLog).values({
        userId: null,
        account: null,
        groupId,
        screen: null,
        action: 'retention',
        entity: 'line',
        entityId: String(groupId),
        after: { endedAt: new Date(g.ended_at).toISOString(), months: Number(g.months), deleted: counts },
        method: null,
        path: null,
        ip: null,
      });
      return counts;
    });
    if (deleted) out.push({ groupId, endedAt: new Date(g.ended_at).toISOString(), months: Number(g.months), deleted });
  }
  return out;
}
