import type { Module } from '../../platform/module.js';
import { seedInvoicesDemo } from './demo.js';
import { invoicesRoutes } from './routes.js';

/**
 * The invoices module (Taiwan uniform e-invoices, docs/INVOICES.md): tracks, the store's e-invoice
 * settings, issue and void, and the demo's tracks and invoices. Nothing is exported for other modules yet.
 */
export const invoicesModule: Module = { name: 'invoices', routes: invoicesRoutes, seedDemo: seedInvoicesDemo };
