import type { Module } from '../../platform/module.js';
import { authRoutes } from './routes.js';

/** The auth module: what the app mounts. Other modules use only what this file exports (and auth.schema.ts). */
export const authModule: Module = { name: 'auth', routes: authRoutes };
