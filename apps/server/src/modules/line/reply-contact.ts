import { eq } from 'drizzle-orm';
import type { ContactReply } from '@gasops/shared';
import { insertAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { contactOf, type LineConfig } from './line-access.js';
import { replyView } from './list-contact-replies.js';
import { deliverStaffText, storeOutgoing, type Sent } from './send-to-room.js';
import { lineContactReplies, lineRooms } from './line.schema.js';

/**
 * Screen replay_customer: a staff member's reply to a contact. A contact that came from LINE gets it on
 * LINE too (reply token while fresh, else push; send-to-room.ts), and the room's conversation shows it.
 */
export async function replyContact(db: Db, ctx: Ctx, config: LineConfig, contactId: number, content: string): Promise<ContactReply> {
  const contact = await contactOf(db, ctx, contactId);
  const [room] =
    contact.source === 'line' && contact.roomId ? await db.select().from(lineRooms).where(eq(lineRooms.id, contact.roomId)) : [];
  const sent: Sent | null = room ? await deliverStaffText(db, config, room, content) : null;
  return db.transaction(async (tx) => {
    const msg = room && sent ? await storeOutgoing(tx, room, content, sent, { sentBy: ctx.user.id }) : null;
    const row = await insertAudited(tx, ctx, lineContactReplies, {
      groupId: contact.groupId,
      contactId: contact.id,
      replierId: ctx.user.id,
      content,
      sentVia: sent?.sentVia ?? null,
      messageId: msg?.id ?? null,
    });
    return replyView(row, ctx.user.name);
  });
}
