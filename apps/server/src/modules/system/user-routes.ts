import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrors,
  errorBody,
  idParam,
  okAnswer,
  resetPasswordResponse,
  userCreateBody,
  userListQuery,
  userPage,
  userRow,
  userUpdateBody,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import type { ModuleOptions } from '../../platform/module.js';
import { getUser } from './get-user.js';
import { listUsers } from './list-users.js';
import { resetPassword } from './reset-password.js';
import { createUser, deleteUser, updateUser } from './save-user.js';

/** Accounts (UserManagement). */
export const userRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['system'];

  app.get(
    '/system/users',
    {
      config: { permission: { screen: 'UserManagement', action: 'view' } },
      schema: { tags, querystring: userListQuery, response: { 200: userPage, ...adminErrors } },
    },
    async (req) => listUsers(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/users/:id',
    {
      config: { permission: { screen: 'UserManagement', action: 'view' } },
      schema: { tags, params: idParam, response: { 200: userRow, ...adminErrors } },
    },
    async (req) => getUser(db, ctxOf(req), req.params.id),
  );
  app.post(
    '/system/users',
    {
      config: { permission: { screen: 'UserManagement', action: 'create' } },
      schema: { tags, body: userCreateBody, response: { 200: userRow, ...adminErrors } },
    },
    async (req) => createUser(db, ctxOf(req), req.body),
  );
  app.put(
    '/system/users/:id',
    {
      config: { permission: { screen: 'UserManagement', action: 'edit' } },
      schema: { tags, params: idParam, body: userUpdateBody, response: { 200: userRow, ...adminErrors } },
    },
    async (req) => updateUser(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/system/users/:id',
    {
      config: { permission: { screen: 'UserManagement', action: 'delete' } },
      schema: { tags, params: idParam, response: { 200: okAnswer, ...adminErrors } },
    },
    async (req) => {
      await deleteUser(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/system/users/:id/reset-password',
    {
      config: { permission: { screen: 'UserManagement', action: 'edit' } },
      schema: { tags, params: idParam, response: { 200: resetPasswordResponse, ...adminErrors, 502: errorBody } },
    },
    async (req) => ({ detail: t(req, 'feedback.success.passwordSent'), ...(await resetPassword(db, config, ctxOf(req), req.params.id)) }),
  );
};
