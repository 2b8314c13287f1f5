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
import type { Ctx } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
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

  /* ------------------------------------------------------- store groups */
  app.get(
    '/store/group',
    {
      config: { permission: groupOrUsers('view') },
      schema: { tags, querystring: groupQuery, response: { 200: groupOrPage, ...adminErrors } },
    },
    async (req) => findGroups(db, ctxOf(req), req.query),
  );
  app.post(
    '/store/group',
    {
      config: { permission: { screen: 'Group', action: 'create' } },
      schema: { tags, body: groupCreateBody, response: { 200: groupRow, ...adminErrors } },
    },
    async (req) => createGroup(db, ctxOf(req), req.body),
  );
  app.put(
    '/store/group',
    {
      config: { permission: { screen: 'Group', action: 'edit' } },
      schema: { tags, body: groupUpdateBody, response: { 200: groupRow, ...adminErrors } },
    },
    async (req) => updateGroup(db, ctxOf(req), req.body),
  );
  // Seed §7: DELETE /store/group carries its payload ({id}) in the body.
  app.delete(
    '/store/group',
    {
      config: { permission: { screen: 'Group', action: 'delete' } },
      schema: { tags, body: systemIdBody, response: { 200: okAnswer, ...adminErrors } },
    },
    async (req) => {
      await deleteGroup(db, ctxOf(req), req.body.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/store/groupuser',
    {
      config: { permission: groupOrUsers('view') },
      schema: { tags, querystring: groupUserQuery, response: { 200: groupUserPage, ...adminErrors } },
    },
    async (req) => listGroupUsers(db, ctxOf(req), req.query),
  );
  app.put(
    '/store/groupuser',
    {
      config: { permission: groupOrUsers('edit') },
      schema: { tags, body: groupUserBody, response: { 200: groupUserIds, ...adminErrors } },
    },
    async (req) => setGroupUsers(db, ctxOfEither(req, 'edit'), req.body.groupId, req.body.userIds),
  );

  /* ------------------------------------------------------------- stores */
  app.get(
    '/store',
    // Every signed-in user may list the stores they work in (pickers on every screen); tenancy filters.
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: storeListQuery, response: { 200: storePage, ...adminErrors } },
    },
    async (req) => listStores(db, ctxOf(req), req.query),
  );
  app.get(
    '/store/detail',
    { config: { permission: 'authenticated' }, schema: { tags, querystring: idParam, response: { 200: storeRow, ...adminErrors } } },
    async (req) => getStore(db, ctxOf(req), req.query.id),
  );
  app.post(
    '/store',
    {
      config: { permission: groupOrUsers('create') },
      schema: { tags, body: storeCreateBody, response: { 200: storeRow, ...adminErrors } },
    },
    async (req) => createStore(db, ctxOfEither(req, 'create'), req.body),
  );
  app.put(
    '/store',
    { config: { permission: groupOrUsers('edit') }, schema: { tags, body: storeUpdateBody, response: { 200: storeRow, ...adminErrors } } },
    async (req) => updateStore(db, ctxOfEither(req, 'edit'), req.body),
  );
  app.delete(
    '/store',
    { config: { permission: groupOrUsers('delete') }, schema: { tags, body: systemIdBody, response: { 200: okAnswer, ...adminErrors } } },
    async (req) => {
      await deleteStore(db, ctxOfEither(req, 'delete'), req.body.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/store/storeuser',
    {
      config: { permission: groupOrUsers('view') },
      schema: { tags, querystring: storeUserQuery, response: { 200: storeUserList, ...adminErrors } },
    },
    async (req) => listStoreUsers(db, ctxOf(req), req.query.storeId),
  );
  app.put(
    '/store/storeuser',
    {
      config: { permission: groupOrUsers('edit') },
      schema: { tags, body: storeUserBody, response: { 200: storeUserList, ...adminErrors } },
    },
    async (req) => setStoreUsers(db, ctxOfEither(req, 'edit'), req.body.storeId, req.body.userIds),
  );
  app.get(
    '/store/backgrounduser',
    {
      config: {
        permission: {
          anyOf: [
            { screen: 'Group', action: 'view' },
            { screen: 'UserManagement', action: 'view' },
            { screen: 'Role', action: 'view' },
            { screen: 'deliveryPerson', action: 'view' },
            { screen: 'DispatchOrder', action: 'view' },
          ],
        },
      },
      schema: { tags, querystring: backgroundUserQuery, response: { 200: backgroundUserList, ...adminErrors } },
    },
    async (req) => listBackgroundUsers(db, ctxOf(req), req.query),
  );
};
