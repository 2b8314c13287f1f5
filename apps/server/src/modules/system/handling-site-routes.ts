import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParam, okAnswer, siteBody, sitePage, siteQuery, siteRow } from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { listSites } from './list-handling-sites.js';
import { createSite, deleteSite, updateSite } from './save-handling-site.js';

/** Cylinder handling sites (CylinderHandlingSite): filling and inspection stations. */
export const handlingSiteRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['system'];

  app.get(
    '/system/handling-sites',
    {
      // Cylinder screens pick a processing station from this list.
      config: {
        permission: {
          anyOf: [
            { screen: 'CylinderHandlingSite', action: 'view' },
            { screen: 'CylinderMaintenance', action: 'view' },
            { screen: 'SystemCylinderMaintenance', action: 'view' },
            { screen: 'CylinderMaintenanceKeyIn', action: 'view' },
            { screen: 'CylinderStockMaintenance', action: 'view' },
          ],
        },
      },
      schema: { tags, querystring: siteQuery, response: { 200: sitePage, ...adminErrors } },
    },
    async (req) => listSites(db, req.query),
  );
  app.post(
    '/system/handling-sites',
    {
      config: { permission: { screen: 'CylinderHandlingSite', action: 'create' } },
      schema: { tags, body: siteBody, response: { 200: siteRow, ...adminErrors } },
    },
    async (req) => createSite(db, ctxOf(req), req.body),
  );
  app.put(
    '/system/handling-sites/:id',
    {
      config: { permission: { screen: 'CylinderHandlingSite', action: 'edit' } },
      schema: { tags, params: idParam, body: siteBody, response: { 200: siteRow, ...adminErrors } },
    },
    async (req) => updateSite(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/system/handling-sites/:id',
    {
      config: { permission: { screen: 'CylinderHandlingSite', action: 'delete' } },
      schema: { tags, params: idParam, response: { 200: okAnswer, ...adminErrors } },
    },
    async (req) => {
      await deleteSite(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    },
  );
};
