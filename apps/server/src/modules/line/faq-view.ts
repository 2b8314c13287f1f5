import type { Faq } from '@gasops/shared';
import type { lineFaqs } from './line.schema.js';

export function faqView(f: typeof lineFaqs.$inferSelect, roomName: string | null): Faq {
  return {
    id: f.id,
    groupId: f.groupId,
    keyword: f.keyword,
    reply: f.reply,
    matchMode: f.matchMode,
    priority: f.priority,
    status: f.status,
    roomId: f.roomId,
    roomName,
    maintainedAt: f.maintainedAt?.toISOString() ?? null,
    createdAt: f.createdAt.toISOString(),
  };
}
