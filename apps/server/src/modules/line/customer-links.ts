import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { LINK_CODE_ALPHABET, LINK_CODE_DAYS, LINK_CODE_LENGTH, type CustomerLink, type CustomerLinkBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { groupScope, storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { lineChannels, lineCustomerLinks, lineLinkCodes, lineLinkRequests, lineRooms } from './line.schema.js';

export type CustomerRow = typeof customers.$inferSelect;

/** A customer the user may see (their group, their stores), or 404. */
export async function customerOf(db: Executor, ctx: Ctx, id: number): Promise<CustomerRow> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), groupScope(ctx, customers.groupId), storeScope(ctx, customers.storeId)));
  if (!row) throw notFound();
  return row;
}

/** A random link code (LINK_CODE_ALPHABET, uniform: rejection sampling by crypto.randomInt). */
export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_CODE_ALPHABET[crypto.randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

/** Does the group have a channel in service with credentials (a code sent in its chat can be read)? */
async function channelReady(db: Executor, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lineChannels.id })
    .from(lineChannels)
    .where(and(eq(lineChannels.groupId, groupId), isNull(lineChannels.endedAt), ne(lineChannels.tokenEnc, '')))
    .limit(1);
  return !!row;
}

/** The panel of a customer: the link (LINE name, switches) or the newest usable code. */
export async function getCustomerLink(db: Executor, ctx: Ctx, customerId: number, now = new Date()): Promise<CustomerLink> {
  const customer = await customerOf(db, ctx, customerId);
  const [link] = await db
    .select({ link: lineCustomerLinks, name: lineRooms.name })
    .from(lineCustomerLinks)
    .innerJoin(lineRooms, eq(lineRooms.id, lineCustomerLinks.roomId))
    .where(eq(lineCustomerLinks.customerId, customer.id));
  const [code] = await db
    .select()
    .from(lineLinkCodes)
    .where(and(eq(lineLinkCodes.customerId, customer.id), isNull(lineLinkCodes.usedAt), gt(lineLinkCodes.expiresAt, now)))
    .orderBy(desc(lineLinkCodes.id))
    .limit(1);
  // Requests by phone stay on the card while a code they lead to could be used.
  const requests = link
    ? []
    : await db
        .select({ lineName: lineRooms.name, phone: lineLinkRequests.phone, requestedAt: lineLinkRequests.requestedAt })
        .from(lineLinkRequests)
        .innerJoin(lineRooms, eq(lineRooms.id, lineLinkRequests.roomId))
        .where(
          and(
            eq(lineLinkRequests.customerId, customer.id),
            isNull(lineLinkRequests.doneAt),
            gt(lineLinkRequests.requestedAt, new Date(now.getTime() - LINK_CODE_DAYS * 86_400_000)),
          ),
        )
        .orderBy(desc(lineLinkRequests.id))
        .limit(3);
  return {
    customerId: customer.id,
    linked: !!link,
    lineName: link?.name ?? null,
    linkedAt: link?.link.linkedAt.toISOString() ?? null,
    notifyOrders: link?.link.notifyOrders ?? true,
    notifyLowGas: link?.link.notifyLowGas ?? true,
    code: code?.code ?? null,
    codeExpiresAt: code?.expiresAt.toISOString() ?? null,
    channelReady: await channelReady(db, customer.groupId),
    requests: requests.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() })),
  };
}

/**
 * A new one-time link code for a customer, valid LINK_CODE_DAYS; the customer's older unused codes stop
 * working. The code itself stays out of the action log (whoever reads the log could link themselves).
 */
export async function makeLinkCode(db: Db, ctx: Ctx, customerId: number): Promise<CustomerLink> {
  await db.transaction(async (tx) => {
    const customer = await customerOf(tx, ctx, customerId);
    const now = new Date();
    await tx
      .update(lineLinkCodes)
      .set({ expiresAt: now })
      .where(and(eq(lineLinkCodes.customerId, customer.id), isNull(lineLinkCodes.usedAt), gt(lineLinkCodes.expiresAt, now)));
    const expiresAt = new Date(now.getTime() + LINK_CODE_DAYS * 86_400_000);
    // A clash with another code (31^8 codes) is retried by the unique index's conflict.
    for (;;) {
      const [row] = await tx
        .insert(lineLinkCodes)
        .values({ groupId: customer.groupId, customerId: customer.id, code: newLinkCode(), expiresAt, createdBy: ctx.user.id })
        .onConflictDoNothing()
        .returning({ id: lineLinkCodes.id });
      if (!row) continue;
      await recordAction(tx, ctx, {
        entity: 'line_link_codes',
        entityId: row.id,
        action: 'create',
        groupId: customer.groupId,
        after: { customerId: customer.id, expiresAt },
      });
      return;
    }
  });
  return getCustomerLink(db, ctx, customerId);
}

async function linkOf(tx: Executor, customerId: number) {
  const [link] = await tx.select().from(lineCustomerLinks).where(eq(lineCustomerLinks.customerId, customerId)).for('update');
  if (!link) throw notFound();
  return link;
}

/** The two notice switches of a linked customer (404 when not linked). */
export async function saveCustomerLink(db: Db, ctx: Ctx, customerId: number, body: CustomerLinkBody): Promise<CustomerLink> {
  await db.transaction(async (tx) => {
    const customer = await customerOf(tx, ctx, customerId);
    const before = await linkOf(tx, customer.id);
    const [after] = await tx.update(lineCustomerLinks).set(body).where(eq(lineCustomerLinks.id, before.id)).returning();
    await recordAction(tx, ctx, { entity: 'line_customer_links', entityId: before.id, groupId: customer.groupId, before, after });
  });
  return getCustomerLink(db, ctx, customerId);
}

/** Staff unlink a customer's LINE user: no more notices or order links (the chat room stays). */
export async function unlinkCustomer(db: Db, ctx: Ctx, customerId: number): Promise<CustomerLink> {
  await db.transaction(async (tx) => {
    const customer = await customerOf(tx, ctx, customerId);
    const before = await linkOf(tx, customer.id);
    await tx.delete(lineCustomerLinks).where(eq(lineCustomerLinks.id, before.id));
    await recordAction(tx, ctx, {
      entity: 'line_customer_links',
      entityId: before.id,
      action: 'delete',
      groupId: customer.groupId,
      before,
    });
  });
  return getCustomerLink(db, ctx, customerId);
}
