import type { Module } from '../../platform/module.js';
import { seedCustomersDemo } from './demo.js';
import { customersRoutes } from './routes.js';

/** The customers module: what the app mounts. Other modules use only what this file exports (and customers.schema.ts). */
export const customersModule: Module = { name: 'customers', routes: customersRoutes, seedDemo: seedCustomersDemo };
export { checkCategory } from './list-categories.js';
/** A customer made in another module's transaction (orders: a customer from a public order). */
export { insertCustomer } from './save-customer.js';
