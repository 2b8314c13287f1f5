import type { Module } from '../../platform/module.js';
import { dashboardRoutes } from './routes.js';

/** The dashboard module: what the app mounts. Other modules use only what this file exports (and dashboard.schema.ts). */
export const dashboardModule: Module = { name: 'dashboard', routes: dashboardRoutes };
