import type { Module } from '../../platform/module.js';
import { seedFieldDemo } from './demo.js';
import { fieldRoutes } from './routes.js';

/** The field app's server side (phones: delivery, return, refill dispatch, safety inspection). Nothing else imports it. */
export const fieldModule: Module = { name: 'field', routes: fieldRoutes, seedDemo: seedFieldDemo };
