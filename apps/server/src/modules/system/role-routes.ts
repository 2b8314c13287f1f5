import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrors,
  idParam,
  okAnswer,
  roleBody,
  roleDetail,
  roleListQuery,
  rolePage,
  rolePermissionsBody,
  roleRow,
  roleUsersBody,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { getRole } from './get-role.js';
import { listRoles } from './list-roles.js';
import { createRole, deleteRole, updateRole } from './save-role.js';
import { setRolePermissions } from './set-role-permissions.js';
import { setRoleUsers } from './set-role-users.js';

/** Roles (Role): a menu setting and the accounts that hold it. */
export const roleRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['system'];

  app.get(
    '/system/roles',
    {
      // The user form picks a role too.
      config: {
        permission: {
          anyOf: [
            { screen: 'Role', action: 'view' },
            { screen: 'UserManagement', action: 'view' },
          ],
        },
      },
      schema: { tags, querystring: roleListQuery, response: { 200: rolePage, ...adminErrors } },
    },
    async (req) => listRoles(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/roles/:id',
    {
      config: { permission: { screen: 'Role', action: 'view' } },
      schema: { tags, params: idParam, response: { 200: roleDetail, ...adminErrors } },
    },
    async (req) => getRole(db, ctxOf(req), req.params.id),
  );
  app.post(
    '/system/roles',
    {
      config: { permission: { screen: 'Role', action: 'create' } },
      schema: { tags, body: roleBody, response: { 200: roleRow, ...adminErrors } },
    },
    async (req) => createRole(db, ctxOf(req), req.body),
  );
  app.put(
    '/system/roles/:id',
    {
      config: { permission: { screen: 'Role', action: 'edit' } },
      schema: { tags, params: idParam, body: roleBody, response: { 200: roleRow, ...adminErrors } },
    },
    async (req) => updateRole(db, ctxOf(req), req.params.id, req.body),
  );
  app.put(
    '/system/roles/:id/permissions',
    {
      config: { permission: { screen: 'Role', action: 'edit' } },
      schema: { tags, params: idParam, body: rolePermissionsBody, response: { 200: roleRow, ...adminErrors } },
    },
    async (req) => setRolePermissions(db, ctxOf(req), req.params.id, req.body.menu),
  );
  app.put(
    '/system/roles/:id/users',
    {
      config: { permission: { screen: 'Role', action: 'edit' } },
      schema: { tags, params: idParam, body: roleUsersBody, response: { 200: roleDetail, ...adminErrors } },
    },
    async (req) => setRoleUsers(db, ctxOf(req), req.params.id, req.body.userIds),
  );
  app.delete(
    '/system/roles/:id',
    {
      config: { permission: { screen: 'Role', action: 'delete' } },
      schema: { tags, params: idParam, response: { 200: okAnswer, ...adminErrors } },
    },
    async (req) => {
      await deleteRole(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    },
  );
};
