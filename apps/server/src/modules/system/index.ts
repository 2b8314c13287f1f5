import type { Module } from '../../platform/module.js';
import { seedSystemDemo } from './demo.js';
import { systemRoutes } from './routes.js';

/** The access ceiling of accounts, for every route that sets someone's stores or role. */
export { allStoresNotYours, assertMayHandleAll, listFields, watchManagers } from './user-ceiling.js';

/** The system module: what the app mounts. Other modules use only what this file exports (and system.schema.ts). */
export const systemModule: Module = { name: 'system', routes: systemRoutes, seedDemo: seedSystemDemo };
