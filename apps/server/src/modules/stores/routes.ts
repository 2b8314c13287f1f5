import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backgroundUserQuery,
  backgroundUserRow,
  defaultStoreSchema,
  errorBody,
  groupCreateBody,
  groupPage,
  groupQuery,
  groupRow,
  groupUpdateBody,
  groupUserBody,
  groupUserPage,
  groupUserQuery,
  idSchema,
  storeCreateBody,
  storeListQuery,
  storePage,
  storeRow,
  storeUpdateBody,
  storeUserBody,
  storeUserQuery,
  storeUserRow,
  systemIdBody,
  type Action,
} from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import type { Module, ModuleOptions } from '../index.js';
import { getDefaultStore, setDefaultStore } from './default-store.js';
import { createGroup, deleteGroup, getGroup, listGroupUsers, listGroups, setGroupUsers, updateGroup } from './groups.js';
import {
  createStore,
  deleteStore,
  getStore,
  listBackgroundUsers,
  listStores,
  listStoreUsers,
  setStoreUsers,
  updateStore,
} from './stores.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const ok = z.object({ ok: z.literal(true) });

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

const routes: FastifyPluginAsync<ModuleOptions> = async (base) => {
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
      schema: { tags, body: z.object({ storeId: idSchema }), response: { 200: defaultStoreSchema, 400: errorBody, 404: errorBody } },
    },
    async (req) => setDefaultStore(db, ctxOf(req), req.body.storeId),
  );

  /* ------------------------------------------------------- store groups */
  app.get(
    '/store/group',
    {
      config: { permission: groupOrUsers('view') },
      schema: { tags, querystring: groupQuery, response: { 200: z.union([groupRow, groupPage]), ...errors } },
    },
    async (req) => (req.query.id ? getGroup(db, ctxOf(req), req.query.id) : listGroups(db, ctxOf(req), req.query)),
  );
  app.post(
    '/store/group',
    {
      config: { permission: { screen: 'Group', action: 'create' } },
      schema: { tags, body: groupCreateBody, response: { 200: groupRow, ...errors } },
    },
    async (req) => createGroup(db, ctxOf(req), req.body),
  );
  app.put(
    '/store/group',
    {
      config: { permission: { screen: 'Group', action: 'edit' } },
      schema: { tags, body: groupUpdateBody, response: { 200: groupRow, ...errors } },
    },
    async (req) => updateGroup(db, ctxOf(req), req.body),
  );
  // Seed §7: DELETE /store/group carries its payload ({id}) in the body.
  app.delete(
    '/store/group',
    {
      config: { permission: { screen: 'Group', action: 'delete' } },
      schema: { tags, body: systemIdBody, response: { 200: ok, ...errors } },
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
      schema: { tags, querystring: groupUserQuery, response: { 200: groupUserPage, ...errors } },
    },
    async (req) => listGroupUsers(db, ctxOf(req), req.query),
  );
  app.put(
    '/store/groupuser',
    {
      config: { permission: groupOrUsers('edit') },
      schema: { tags, body: groupUserBody, response: { 200: z.object({ userIds: z.array(z.number().int()) }), ...errors } },
    },
    async (req) => setGroupUsers(db, ctxOfEither(req, 'edit'), req.body.groupId, req.body.userIds),
  );

  /* ------------------------------------------------------------- stores */
  app.get(
    '/store',
    // Every signed-in user may list the stores they work in (pickers on every screen); tenancy filters.
    { config: { permission: 'authenticated' }, schema: { tags, querystring: storeListQuery, response: { 200: storePage, ...errors } } },
    async (req) => listStores(db, ctxOf(req), req.query),
  );
  app.get(
    '/store/detail',
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: z.object({ id: idSchema }), response: { 200: storeRow, ...errors } },
    },
    async (req) => getStore(db, ctxOf(req), req.query.id),
  );
  app.post(
    '/store',
    { config: { permission: groupOrUsers('create') }, schema: { tags, body: storeCreateBody, response: { 200: storeRow, ...errors } } },
    async (req) => createStore(db, ctxOfEither(req, 'create'), req.body),
  );
  app.put(
    '/store',
    { config: { permission: groupOrUsers('edit') }, schema: { tags, body: storeUpdateBody, response: { 200: storeRow, ...errors } } },
    async (req) => updateStore(db, ctxOfEither(req, 'edit'), req.body),
  );
  app.delete(
    '/store',
    { config: { permission: groupOrUsers('delete') }, schema: { tags, body: systemIdBody, response: { 200: ok, ...errors } } },
    async (req) => {
      await deleteStore(db, ctxOfEither(req, 'delete'), req.body.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/store/storeuser',
    {
      config: { permission: groupOrUsers('view') },
      schema: { tags, querystring: storeUserQuery, response: { 200: z.array(storeUserRow), ...errors } },
    },
    async (req) => listStoreUsers(db, ctxOf(req), req.query.storeId),
  );
  app.put(
    '/store/storeuser',
    {
      config: { permission: groupOrUsers('edit') },
      schema: { tags, body: storeUserBody, response: { 200: z.array(storeUserRow), ...errors } },
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
      schema: { tags, querystring: backgroundUserQuery, response: { 200: z.array(backgroundUserRow), ...errors } },
    },
    async (req) => listBackgroundUsers(db, ctxOf(req), req.query),
  );
};

export const storesModule: Module = { name: 'stores', routes };
