import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionLogDetail,
  actionLogPage,
  actionLogQuery,
  adminErrors,
  errorBody,
  historyQuery,
  idParam,
  loginHistoryPage,
  loginHistoryQuery,
  menuHistoryPage,
  menuVisitBody,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { getActionLog } from './get-action-log.js';
import { listActionLog } from './list-action-log.js';
import { listLoginHistory } from './list-login-history.js';
import { listMenuHistory } from './list-menu-history.js';
import { recordMenuVisit } from './record-menu-visit.js';

/** The histories: screens opened, log-ins, writes. */
export const historyRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['system'];

  // Screens opened (MenuHistory): the web app reports each route change.
  app.post(
    '/system/menu-history',
    { config: { permission: 'authenticated' }, schema: { tags, body: menuVisitBody, response: { 204: z.null(), 400: errorBody } } },
    async (req, reply) => {
      await recordMenuVisit(db, ctxOf(req), req.body);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/system/menu-history',
    {
      config: { permission: { screen: 'MenuHistory', action: 'view' } },
      schema: { tags, querystring: historyQuery, response: { 200: menuHistoryPage, ...adminErrors } },
    },
    async (req) => listMenuHistory(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/login-history',
    {
      config: { permission: { screen: 'LoginHistory', action: 'view' } },
      schema: { tags, querystring: loginHistoryQuery, response: { 200: loginHistoryPage, ...adminErrors } },
    },
    async (req) => listLoginHistory(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/action-log',
    {
      config: { permission: { screen: 'ActionLog', action: 'view' } },
      schema: { tags, querystring: actionLogQuery, response: { 200: actionLogPage, ...adminErrors } },
    },
    async (req) => listActionLog(db, ctxOf(req), req.query),
  );
  app.get(
    '/system/action-log/:id',
    {
      config: { permission: { screen: 'ActionLog', action: 'view' } },
      schema: { tags, params: idParam, response: { 200: actionLogDetail, ...adminErrors } },
    },
    async (req) => getActionLog(db, ctxOf(req), req.params.id),
  );
};
