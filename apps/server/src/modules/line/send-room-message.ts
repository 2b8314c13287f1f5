import type { LineMessage } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { roomOf, type LineConfig } from './line-access.js';
import { messageView } from './list-room-messages.js';
import { deliverStaffText, storeOutgoing } from './send-to-room.js';

/**
 * A staff member answers in a room (screen chatroom): the reply token while fresh, else a push with a
 * retry key (send-to-room.ts). LINE is called first, outside a transaction; the message and its audit
 * row are then stored together.
 */
export async function sendRoomMessage(db: Db, ctx: Ctx, config: LineConfig, roomId: number, text: string): Promise<LineMessage> {
  const room = await roomOf(db, ctx, roomId);
  const sent = await deliverStaffText(db, config, room, text);
  return db.transaction(async (tx) => {
    const msg = await storeOutgoing(tx, room, text, sent, { sentBy: ctx.user.id });
    await recordAction(tx, ctx, { entity: 'line_messages', entityId: msg.id, groupId: room.groupId, after: msg });
    return messageView(msg, ctx.user.name);
  });
}
