import type { Module } from '../../platform/module.js';
import { seedProductsDemo } from './demo.js';
import { productsRoutes } from './routes.js';

/** The products module: what the app mounts. Other modules use only what this file exports (and products.schema.ts). */
export const productsModule: Module = { name: 'products', routes: productsRoutes, seedDemo: seedProductsDemo };
