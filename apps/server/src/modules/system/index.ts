import type { Module } from '../../platform/module.js';
import { seedSystemDemo } from './demo.js';
import { systemRoutes } from './routes.js';

/** The system module: what the app mounts. Other modules use only what this file exports (and system.schema.ts). */
export const systemModule: Module = { name: 'system', routes: systemRoutes, seedDemo: seedSystemDemo };
