import type { FastifyPluginAsync } from 'fastify';
import type { TokenService } from '../platform/auth.js';
import type { DemoSeed } from '../platform/demo.js';
import { authModule } from './auth/routes.js';
import { storesModule } from './stores/routes.js';
import { productsModule } from './products/routes.js';
import { systemModule } from './system/routes.js';
import { financeModule } from './finance/routes.js';
import { reportsModule } from './reports/routes.js';
import { dashboardModule } from './dashboard/routes.js';
import { customersModule } from './customers/routes.js';
import { catalogueModule } from './catalogue/routes.js';
import { ordersModule } from './orders/routes.js';
import { iotModule } from './iot/routes.js';

export type ModuleOptions = { tokens: TokenService };

/** A domain module: its routes (mounted under /api) and, optionally, its demo data. */
export type Module = {
  name: string;
  routes: FastifyPluginAsync<ModuleOptions>;
  /** Adds this module's demo records; runs in the demo transaction after the modules before it. */
  seedDemo?: DemoSeed;
};

/** Every module of the product, in dependency order (demo data is seeded in this order too). */
// One entry per line, in dependency order.
export const MODULES: Module[] = [
  authModule,
  storesModule,
  systemModule,
  productsModule,
  customersModule,
  catalogueModule,
  ordersModule,
  financeModule,
  reportsModule,
  dashboardModule,
  iotModule,
];
