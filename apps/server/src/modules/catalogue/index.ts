import type { Module } from '../../platform/module.js';
import { seedCatalogueDemo } from './demo.js';
import { catalogueRoutes } from './routes.js';

/** The catalogue module: what the app mounts. Other modules use only what this file exports (and catalogue.schema.ts). */
export const catalogueModule: Module = { name: 'catalogue', routes: catalogueRoutes, seedDemo: seedCatalogueDemo };
export { isDeliveryPerson } from './list-delivery-persons.js';
export { inForceOn, productsInForce } from './list-store-products.js';
