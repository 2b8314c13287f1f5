import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../../platform/module.js';
import { handlingSiteRoutes } from './handling-site-routes.js';
import { historyRoutes } from './history-routes.js';
import { paramRoutes } from './param-routes.js';
import { roleRoutes } from './role-routes.js';
import { userRoutes } from './user-routes.js';

/** The system module's routes, one file per resource. */
export const systemRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { tokens }) => {
  // Only the module options: the /api prefix is already this plugin's.
  for (const routes of [historyRoutes, userRoutes, roleRoutes, paramRoutes, handlingSiteRoutes]) await app.register(routes, { tokens });
};
