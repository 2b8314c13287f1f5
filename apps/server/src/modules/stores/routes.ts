import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrors,
  backgroundUserList,
  backgroundUserQuery,
  defaultStoreBody,
  defaultStoreSchema,
  errorBody,
  groupCreateBody,
  groupOrPage,
  groupQuery,
  groupRow,
  groupUpdateBody,
  groupUserBody,
  groupUserIds,
  groupUserPage,
  groupUserQuery,
  idParam,
  okAnswer,
  storeCreateBody,
  storeListQuery,
  storePage,
  storeRow,
  storeUpdateBody,
  storeUserBody,
  storeUserList,
  storeUserQuery,
  systemIdBody,
  type Action,
} from '@gasops/shared';
import type { Ctx, Permission } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { routeOptions } from '../../platform/route-options.js';
import { getDefaultStore } from './get-default-store.js';
import { getStore } from './get-store.js';
import { listBackgroundUsers } from './list-background-users.js';
import { listGroupUsers } from './list-group-users.js';
import { findGroups } from './list-groups.js';
import { listStoreUsers } from './list-store-users.js';
import { listStores } from './list-stores.js';
import { createGroup, deleteGroup, updateGroup } from './save-group.js';
import { createStore, deleteStore, updateStore } from './save-store.js';
import { setDefaultStore } from './set-default-store.js';
import { setGroupUsers } from './set-group-users.js';
import { setStoreUsers } from './set-store-users.js';

/**
 * Store groups are the platform administrator's (Group is a platform-only screen). A group's own
 * stores and staff are also administered by its managers from the UserManagement screen, so those
 * routes accept either screen; tenancy keeps a manager inside their group.
 */
const groupOrUsers = (action: Action) => ({
  anyOf: [
    { screen: 'Group' as const, action },
    { screen: 'UserManagement' as const, action },
  ],
});

/** For routes of either screen, the action log names the screen the caller works from. */
function ctxOfEither(req: FastifyRequest, action: Action): Ctx {
  const ctx = ctxOf(req);
  return { ...ctx, screen: ctx.screen ?? (ctx.user.isPlatformAdmin ? 'Group' : 'UserManagement'), action: ctx.action ?? action };
}

export const storesRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['store'];

  app.get(
    '/store/UserDefaultStore',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: defaultStoreSchema } } },
    async (req) => getDefaultStore(db, ctxOf(req)),
  );
  app.put(
    '/store/UserDefaultStore',
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: defaultStoreBody, response: { 200: defaultStoreSchema, 400: errorBody, 404: errorBody } },
    },
    async (req) => setDefaultStore(db, ctxOf(req), req.body.storeId),
  );

  const route = routeOptions(tags, adminErrors);

  /* ------------------------------------------------------- store groups */
  app.get('/store/group', route(groupOrUsers('view'), { querystring: groupQuery }, groupOrPage), async (req) =>
    findGroups(db, ctxOf(req), req.query),
  );
  app.post('/store/group', route({ screen: 'Group', action: 'create' }, { body: groupCreateBody }, groupRow), async (req) =>
    createGroup(db, ctxOf(req), req.body),
  );
  app.put('/store/group', route({ screen: 'Group', action: 'edit' }, { body: groupUpdateBody }, groupRow), async (req) =>
    updateGroup(db, ctxOf(req), req.body),
  );
  // Seed §7: DELETE /store/group carries its payload ({id}) in the body.
  app.delete('/store/group', route({ screen: 'Group', action: 'delete' }, { body: systemIdBody }, okAnswer), async (req) => {
    await deleteGroup(db, ctxOf(req), req.body.id);
    return { ok: true as const };
  });
  app.get('/store/groupuser', route(groupOrUsers('view'), { querystring: groupUserQuery }, groupUserPage), async (req) =>
    listGroupUsers(db, ctxOf(req), req.query),
  );
  app.put('/store/groupuser', route(groupOrUsers('edit'), { body: groupUserBody }, groupUserIds), async (req) =>
    setGroupUsers(db, ctxOfEither(req, 'edit'), req.body.groupId, req.body.userIds),
  );

  /* ------------------------------------------------------------- stores */
  // Every signed-in user may list the stores they work in (pickers on every screen); tenancy filters.
  app.get('/store', route('authenticated', { querystring: storeListQuery }, storePage), async (req) =>
    listStores(db, ctxOf(req), req.query),
  );
  app.get('/store/detail', route('authenticated', { querystring: idParam }, storeRow), async (req) =>
    getStore(db, ctxOf(req), req.query.id),
  );
  app.post('/store', route(groupOrUsers('create'), { body: storeCreateBody }, storeRow), async (req) =>
    createStore(db, ctxOfEither(req, 'create'), req.body),
  );
  app.put('/store', route(groupOrUsers('edit'), { body: storeUpdateBody }, storeRow), async (req) =>
    updateStore(db, ctxOfEither(req, 'edit'), req.body),
  );
  app.delete('/store', route(groupOrUsers('delete'), { body: systemIdBody }, okAnswer), async (req) => {
    await deleteStore(db, ctxOfEither(req, 'delete'), req.body.id);
    return { ok: true as const };
  });
  app.get('/store/storeuser', route(groupOrUsers('view'), { querystring: storeUserQuery }, storeUserList), async (req) =>
    listStoreUsers(db, ctxOf(req), req.query.storeId),
  );
  app.put('/store/storeuser', route(groupOrUsers('edit'), { body: storeUserBody }, storeUserList), async (req) =>
    setStoreUsers(db, ctxOfEither(req, 'edit'), req.body.storeId, req.body.userIds),
  );
  const backgroundUserViewers: Permission = {
    anyOf: [
      { screen: 'Group', action: 'view' },
      { screen: 'UserManagement', action: 'view' },
      { screen: 'Role', action: 'view' },
      { screen: 'deliveryPerson', action: 'view' },
      { screen: 'DispatchOrder', action: 'view' },
    ],
  };
  app.get('/store/backgrounduser', route(backgroundUserViewers, { querystring: backgroundUserQuery }, backgroundUserList), async (req) =>
    listBackgroundUsers(db, ctxOf(req), req.query),
  );
};
