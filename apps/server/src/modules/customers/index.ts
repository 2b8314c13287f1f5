import type { Module } from '../../platform/module.js';
import { seedCustomersDemo } from './demo.js';
import { customersRoutes } from './routes.js';

/** The customers module: what the app mounts. Other modules use only what this file exports (and customers.schema.ts). */
export const customersModule: Module = { name: 'customers', routes: customersRoutes, seedDemo: seedCustomersDemo };
export { checkCategory } from './list-categories.js';
/** A customer made in another module's transaction (orders: a customer from a public order). */
export { insertCustomer } from './save-customer.js';
/** The columns of a `CustomerOption` (the orders module lists the customers matching a public order's phone). */
export { customerOptionColumns } from './list-customers.js';
/** Customers by phone, as typed any way (orders: a public order's phone; LINE: a link request). */
export { phoneIs } from './phone-match.js';
