import type { Module } from '../../platform/module.js';
import { seedOrdersDemo } from './demo.js';
import { ordersRoutes } from './routes.js';

/** The orders module: what the app mounts. Other modules use only what this file exports (and orders.schema.ts). */
export const ordersModule: Module = { name: 'orders', routes: ordersRoutes, seedDemo: seedOrdersDemo };
/** A staff order, priced and audited (the IoT module's one-click order from a low-gas alert). */
export { createOrder } from './save-order.js';
/** The store, customer and delivery person names of an order query (lists, reports, dashboard). */
export { deliveryPerson, orderNames, withOrderNames } from './order-names.js';
/**
 * For the field app: the delivered transition (re-priced, gas credit settled, completed, audited) in
 * the caller's transaction; the staff screen's POST /orders/:id/delivered runs the same code.
 */
export { deliverOrderInTransaction } from './deliver-order.js';
/** A customer's gas credit balance (grams, "store gas"). */
export { gasCreditBalance } from './gas-credit.js';
