import type { Module } from '../../platform/module.js';
import { seedFinanceDemo } from './demo.js';
import { financeRoutes } from './routes.js';

/** The finance module: what the app mounts. Other modules use only what this file exports (and finance.schema.ts). */
export const financeModule: Module = { name: 'finance', routes: financeRoutes, seedDemo: seedFinanceDemo };
