import type { z } from 'zod';
import type { Contact, contactBody } from '@gasops/shared';
import { insertAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { storeOf, targetGroup } from '../../platform/tenancy.js';
import { contactView } from './list-contacts.js';
import { lineContacts } from './line.schema.js';

/** A contact typed in by staff (a call, a visit): screen contact_customer. */
export async function createContact(db: Db, ctx: Ctx, body: z.output<typeof contactBody>): Promise<Contact> {
  const groupId = await targetGroup(db, ctx, body.groupId);
  const store = body.storeId !== null ? await storeOf(db, ctx, body.storeId) : null;
  if (store && store.groupId !== groupId) throw notFound();
  return db.transaction(async (tx) => {
    const row = await insertAudited(tx, ctx, lineContacts, {
      groupId,
      storeId: store?.id ?? null,
      source: 'staff',
      reporter: body.reporter,
      content: body.content,
      createdBy: ctx.user.id,
    });
    return contactView(row, store?.name ?? null, 0, null);
  });
}
