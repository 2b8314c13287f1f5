import type { Module } from '../../platform/module.js';
import { reportsRoutes } from './routes.js';

/** The reports module: what the app mounts. Other modules use only what this file exports (and reports.schema.ts). */
export const reportsModule: Module = { name: 'reports', routes: reportsRoutes };
