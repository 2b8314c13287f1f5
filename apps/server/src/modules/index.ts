import type { Module } from '../platform/module.js';
import { authModule } from './auth/index.js';
import { storesModule } from './stores/index.js';
import { productsModule } from './products/index.js';
import { systemModule } from './system/index.js';
import { financeModule } from './finance/index.js';
import { reportsModule } from './reports/index.js';
import { dashboardModule } from './dashboard/index.js';
import { customersModule } from './customers/index.js';
import { catalogueModule } from './catalogue/index.js';
import { ordersModule } from './orders/index.js';
import { iotModule } from './iot/index.js';
import { cylindersModule } from './cylinders/index.js';
import { fieldModule } from './field/index.js';
import { invoicesModule } from './invoices/index.js';
import { lineModule } from './line/index.js';

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
  cylindersModule,
  fieldModule,
  invoicesModule,
  lineModule,
];
