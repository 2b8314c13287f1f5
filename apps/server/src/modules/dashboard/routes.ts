import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuery, dashboardSchema, errorBody } from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { getDashboard } from './get-dashboard.js';

export const dashboardRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/dashboard',
    {
      config: { permission: { screen: 'Home', action: 'view' } },
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuery,
        response: { 200: dashboardSchema, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (req) => getDashboard(db, ctxOf(req), req.query),
  );
};
