import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, okAnswer, paramList, paramQuery, paramResetBody, paramRow, paramValueBody } from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { listParams } from './list-params.js';
import { resetParam, setParam } from './save-param.js';

/** System parameters (ParamsSetting): platform defaults and a group's overrides. */
export const paramRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['system'];

  app.get(
    '/system/params',
    {
      config: { permission: { screen: 'ParamsSetting', action: 'view' } },
      schema: { tags, querystring: paramQuery, response: { 200: paramList, ...adminErrors } },
    },
    async (req) => listParams(db, ctxOf(req), req.query),
  );
  app.put(
    '/system/params',
    {
      config: { permission: { screen: 'ParamsSetting', action: 'edit' } },
      schema: { tags, body: paramValueBody, response: { 200: paramRow, ...adminErrors } },
    },
    async (req) => setParam(db, ctxOf(req), req.body),
  );
  app.delete(
    '/system/params',
    {
      config: { permission: { screen: 'ParamsSetting', action: 'edit' } },
      schema: { tags, body: paramResetBody, response: { 200: okAnswer, ...adminErrors } },
    },
    async (req) => {
      await resetParam(db, ctxOf(req), req.body);
      return { ok: true as const };
    },
  );
};
