import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionLogDetail,
  actionLogPage,
  actionLogQuery,
  errorBody,
  historyQuery,
  idParam,
  loginHistoryPage,
  loginHistoryQuery,
  menuHistoryPage,
  paramList,
  paramQuery,
  paramResetBody,
  paramRow,
  paramValueBody,
  resetPasswordResponse,
  roleBody,
  roleDetail,
  roleListQuery,
  rolePage,
  rolePermissionsBody,
  roleRow,
  roleUsersBody,
  SCREENS,
  siteBody,
  sitePage,
  siteQuery,
  siteRow,
  userCreateBody,
  userListQuery,
  userPage,
  userRow,
  userUpdateBody,
  type Action,
  type ScreenKey,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import { menuHistory } from '../../platform/platform.schema.js';
import type { Module, ModuleOptions } from '../index.js';
import { createSite, deleteSite, listSites, updateSite } from './handling-sites.js';
import { getActionLog, listActionLog, listLoginHistory, listMenuHistory } from './history.js';
import { listParams, resetParam, setParam } from './params-setting.js';
import { createRole, deleteRole, getRole, listRoles, setRolePermissions, setRoleUsers, updateRole } from './roles.js';
import { seedSystemDemo } from './seed-demo.js';
import { createUser, deleteUser, getUser, listUsers, resetPassword, updateUser } from './users.js';

const p = (screen: ScreenKey, action: Action) => ({ screen, action });
const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const ok = z.object({ ok: z.literal(true) });

const routes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['system'];

  // Screens opened (MenuHistory): the web app reports each route change.
  app.post(
    '/system/menu-history',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        body: z.object({ screen: z.enum(SCREENS as [string, ...string[]]), path: z.string().max(500).optional() }),
        response: { 204: z.null(), 400: errorBody },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await db.insert(menuHistory).values({
        userId: ctx.user.id,
        account: ctx.user.account,
        groupId: ctx.user.groupId,
        screen: req.body.screen,
        path: req.body.path ?? null,
      });
      return reply.status(204).send(null);
    },
  );

  /* ---------------------------------------------------------- histories */
  app.get(
    '/system/menu-history',
    {
      config: { permission: p('MenuHistory', 'view') },
      schema: { tags, querystring: historyQuery, response: { 200: menuHistoryPage, ...errors } },
    },
    async (req) => listMenuHistory(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/login-history',
    {
      config: { permission: p('LoginHistory', 'view') },
      schema: { tags, querystring: loginHistoryQuery, response: { 200: loginHistoryPage, ...errors } },
    },
    async (req) => listLoginHistory(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/action-log',
    {
      config: { permission: p('ActionLog', 'view') },
      schema: { tags, querystring: actionLogQuery, response: { 200: actionLogPage, ...errors } },
    },
    async (req) => listActionLog(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/action-log/:id',
    { config: { permission: p('ActionLog', 'view') }, schema: { tags, params: idParam, response: { 200: actionLogDetail, ...errors } } },
    async (req) => getActionLog(db, ctxOf(req), req.params.id),
  );

  /* -------------------------------------------------------------- users */
  app.get(
    '/system/users',
    {
      config: { permission: p('UserManagement', 'view') },
      schema: { tags, querystring: userListQuery, response: { 200: userPage, ...errors } },
    },
    async (req) => listUsers(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/users/:id',
    { config: { permission: p('UserManagement', 'view') }, schema: { tags, params: idParam, response: { 200: userRow, ...errors } } },
    async (req) => getUser(db, ctxOf(req), req.params.id),
  );
  app.post(
    '/system/users',
    {
      config: { permission: p('UserManagement', 'create') },
      schema: { tags, body: userCreateBody, response: { 200: userRow, ...errors } },
    },
    async (req) => createUser(db, ctxOf(req), req.body),
  );
  app.put(
    '/system/users/:id',
    {
      config: { permission: p('UserManagement', 'edit') },
      schema: { tags, params: idParam, body: userUpdateBody, response: { 200: userRow, ...errors } },
    },
    async (req) => updateUser(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/system/users/:id',
    { config: { permission: p('UserManagement', 'delete') }, schema: { tags, params: idParam, response: { 200: ok, ...errors } } },
    async (req) => {
      await deleteUser(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/system/users/:id/reset-password',
    {
      config: { permission: p('UserManagement', 'edit') },
      schema: { tags, params: idParam, response: { 200: resetPasswordResponse, ...errors, 502: errorBody } },
    },
    async (req) => {
      const result = await resetPassword(db, config, ctxOf(req), req.params.id);
      return { detail: t(req, 'feedback.success.passwordSent'), ...result };
    },
  );

  /* -------------------------------------------------------------- roles */
  app.get(
    '/system/roles',
    {
      // The user form picks a role too.
      config: { permission: { anyOf: [p('Role', 'view'), p('UserManagement', 'view')] } },
      schema: { tags, querystring: roleListQuery, response: { 200: rolePage, ...errors } },
    },
    async (req) => listRoles(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/roles/:id',
    { config: { permission: p('Role', 'view') }, schema: { tags, params: idParam, response: { 200: roleDetail, ...errors } } },
    async (req) => getRole(db, ctxOf(req), req.params.id),
  );
  app.post(
    '/system/roles',
    { config: { permission: p('Role', 'create') }, schema: { tags, body: roleBody, response: { 200: roleRow, ...errors } } },
    async (req) => createRole(db, ctxOf(req), req.body),
  );
  app.put(
    '/system/roles/:id',
    { config: { permission: p('Role', 'edit') }, schema: { tags, params: idParam, body: roleBody, response: { 200: roleRow, ...errors } } },
    async (req) => updateRole(db, ctxOf(req), req.params.id, req.body),
  );
  app.put(
    '/system/roles/:id/permissions',
    {
      config: { permission: p('Role', 'edit') },
      schema: { tags, params: idParam, body: rolePermissionsBody, response: { 200: roleRow, ...errors } },
    },
    async (req) => setRolePermissions(db, ctxOf(req), req.params.id, req.body.menu as Record<string, string[]>),
  );
  app.put(
    '/system/roles/:id/users',
    {
      config: { permission: p('Role', 'edit') },
      schema: { tags, params: idParam, body: roleUsersBody, response: { 200: roleDetail, ...errors } },
    },
    async (req) => setRoleUsers(db, ctxOf(req), req.params.id, req.body.userIds),
  );
  app.delete(
    '/system/roles/:id',
    { config: { permission: p('Role', 'delete') }, schema: { tags, params: idParam, response: { 200: ok, ...errors } } },
    async (req) => {
      await deleteRole(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  /* --------------------------------------------------------- parameters */
  app.get(
    '/system/params',
    {
      config: { permission: p('ParamsSetting', 'view') },
      schema: { tags, querystring: paramQuery, response: { 200: paramList, ...errors } },
    },
    async (req) => listParams(db, ctxOf(req), req.query.groupId ?? null, req.query.keyword),
  );
  app.put(
    '/system/params',
    { config: { permission: p('ParamsSetting', 'edit') }, schema: { tags, body: paramValueBody, response: { 200: paramRow, ...errors } } },
    async (req) => setParam(db, ctxOf(req), req.body),
  );
  app.delete(
    '/system/params',
    { config: { permission: p('ParamsSetting', 'edit') }, schema: { tags, body: paramResetBody, response: { 200: ok, ...errors } } },
    async (req) => {
      await resetParam(db, ctxOf(req), req.body.code, req.body.groupId);
      return { ok: true as const };
    },
  );

  /* ------------------------------------------------ cylinder handling sites */
  app.get(
    '/system/handling-sites',
    {
      // Cylinder screens pick a processing station from this list.
      config: {
        permission: {
          anyOf: [
            p('CylinderHandlingSite', 'view'),
            p('CylinderMaintenance', 'view'),
            p('SystemCylinderMaintenance', 'view'),
            p('CylinderMaintenanceKeyIn', 'view'),
            p('CylinderStockMaintenance', 'view'),
          ],
        },
      },
      schema: { tags, querystring: siteQuery, response: { 200: sitePage, ...errors } },
    },
    async (req) => listSites(db, req.query),
  );
  app.post(
    '/system/handling-sites',
    {
      config: { permission: p('CylinderHandlingSite', 'create') },
      schema: { tags, body: siteBody, response: { 200: siteRow, ...errors } },
    },
    async (req) => createSite(db, ctxOf(req), req.body),
  );
  app.put(
    '/system/handling-sites/:id',
    {
      config: { permission: p('CylinderHandlingSite', 'edit') },
      schema: { tags, params: idParam, body: siteBody, response: { 200: siteRow, ...errors } },
    },
    async (req) => updateSite(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/system/handling-sites/:id',
    { config: { permission: p('CylinderHandlingSite', 'delete') }, schema: { tags, params: idParam, response: { 200: ok, ...errors } } },
    async (req) => {
      await deleteSite(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    },
  );
};

export const systemModule: Module = { name: 'system', routes, seedDemo: seedSystemDemo };
