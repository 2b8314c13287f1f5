import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { V, type Faq, type faqBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { assertGroup, sameGroup, targetGroup } from '../../platform/tenancy.js';
import { faqView } from './faq-view.js';
import { lineFaqs, lineRooms } from './line.schema.js';

type Body = z.output<typeof faqBody>;

/** The room an FAQ is limited to must be a room of the same group (400 on roomId otherwise); its name. */
async function roomNameOf(db: Executor, groupId: number, roomId: number | null): Promise<string | null> {
  if (roomId === null) return null;
  const [room] = await db.select({ groupId: lineRooms.groupId, name: lineRooms.name }).from(lineRooms).where(eq(lineRooms.id, roomId));
  sameGroup(groupId, room, 'roomId', V.invalid);
  return room!.name;
}

async function faqOf(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db.select().from(lineFaqs).where(eq(lineFaqs.id, id));
  if (!row) throw notFound();
  assertGroup(ctx, row.groupId);
  return row;
}

const valuesOf = (b: Body) => ({
  keyword: b.keyword,
  reply: b.reply ?? '',
  matchMode: b.matchMode,
  priority: b.priority,
  status: b.status,
  roomId: b.roomId,
  // Seed §3 "maintenance time": every save by staff.
  maintainedAt: new Date(),
  updatedAt: new Date(),
});

export async function createFaq(db: Db, ctx: Ctx, body: Body): Promise<Faq> {
  const groupId = await targetGroup(db, ctx, body.groupId);
  return db.transaction(async (tx) => {
    const roomName = await roomNameOf(tx, groupId, body.roomId);
    const row = await insertAudited(tx, ctx, lineFaqs, { groupId, ...valuesOf(body) });
    return faqView(row, roomName);
  });
}

export async function updateFaq(db: Db, ctx: Ctx, id: number, body: Body): Promise<Faq> {
  return db.transaction(async (tx) => {
    const before = await faqOf(tx, ctx, id);
    const roomName = await roomNameOf(tx, before.groupId, body.roomId);
    const row = await updateAudited(tx, ctx, lineFaqs, id, valuesOf(body));
    return faqView(row, roomName);
  });
}

export async function deleteFaq(db: Db, ctx: Ctx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await faqOf(tx, ctx, id);
    await deleteAudited(tx, ctx, lineFaqs, id);
  });
}
