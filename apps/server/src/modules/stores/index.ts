import type { Module } from '../../platform/module.js';
import { storesRoutes } from './routes.js';

/** The stores module: what the app mounts. Other modules use only what this file exports (and stores.schema.ts). */
export const storesModule: Module = { name: 'stores', routes: storesRoutes };
