import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Me } from '@gasops/shared';
import { identityOf } from '../../platform/auth.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { getParamNumber } from '../../platform/params.js';
import { storeGroups, stores } from '../../platform/platform.schema.js';
import { storeScope } from '../../platform/tenancy.js';

/** The signed-in user as the web app needs it: identity, role, menu setting, stores, group settings. */
export async function getMe(db: Executor, ctx: Ctx): Promise<Me> {
  const u = ctx.user;
  const [group] = u.groupId ? await db.select().from(storeGroups).where(eq(storeGroups.id, u.groupId)) : [];
  const storeRows =
    u.storeIds?.length === 0
      ? []
      : await db
          .select({ id: stores.id, name: stores.name, groupId: stores.groupId })
          .from(stores)
          .where(and(storeScope(ctx, stores.id), isNull(stores.deletedAt)))
          .orderBy(asc(stores.id));
  return {
    ...identityOf(u),
    groupName: group?.name ?? null,
    currency: group?.currency ?? 'TWD',
    timeZone: group?.timeZone ?? 'Asia/Taipei',
    role: u.roleId ? { id: u.roleId, name: u.roleName ?? '', code: u.roleCode ?? '' } : null,
    menu: u.menu,
    stores: storeRows,
    defaultStoreId: u.defaultStoreId,
    place: u.place,
    settings: {
      errorNotificationMs: await getParamNumber(db, u.groupId, 'ERROR_NOTIFICATION_MS'),
      successMessageMs: await getParamNumber(db, u.groupId, 'SUCCESS_MESSAGE_MS'),
      requestTimeoutMs: await getParamNumber(db, u.groupId, 'REQUEST_TIMEOUT_MS'),
    },
  };
}
