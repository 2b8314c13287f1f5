import type { z } from 'zod';
import type { LineRoom, lineRoomBody } from '@gasops/shared';
import { updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { storeOf } from '../../platform/tenancy.js';
import { roomOf } from './line-access.js';
import { roomView } from './list-rooms.js';
import { lineRooms } from './line.schema.js';

/** A room's "staff handling" switch (no FAQ auto-replies while on) and its store. */
export async function saveRoom(db: Db, ctx: Ctx, id: number, body: z.output<typeof lineRoomBody>): Promise<LineRoom> {
  return db.transaction(async (tx) => {
    const room = await roomOf(tx, ctx, id);
    if (body.storeId !== null && (await storeOf(tx, ctx, body.storeId)).groupId !== room.groupId) throw notFound();
    const after = await updateAudited(tx, ctx, lineRooms, room.id, {
      staffHandling: body.staffHandling,
      storeId: body.storeId,
      updatedAt: new Date(),
    });
    return roomView(after, null);
  });
}
