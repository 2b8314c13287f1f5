import type { Module } from '../../platform/module.js';
import { seedCylindersDemo } from './demo.js';
import { cylindersRoutes } from './routes.js';

/** The cylinders module: what the app mounts. Other modules use only what this file exports (and cylinders.schema.ts). */
export const cylindersModule: Module = { name: 'cylinders', routes: cylindersRoutes, seedDemo: seedCylindersDemo };

/**
 * For the orders module: moves an order's cylinders (sales out, collection in, deposit, loan out,
 * return in…) as a stock document of the order's store, in the order's transaction, with the
 * order number as its source document number. Unknown or refused cylinders become pending data;
 * the order never fails for them. Answers the document with each line's result.
 */
export { applyStockDocumentIn as moveCylindersInTransaction, type StockDocumentInput } from './apply-stock-document.js';
/** For the field app: the group's today and "due" warning window that inspection statuses are computed against. */
export { inspectionDayOf, type InspectionDay } from './inspection-day.js';
/**
 * For the field app: the group's cylinders by container or current label number (`lock` false: a
 * read; the movement itself locks and re-checks), a cylinder row's type and its inspection status on
 * the group's day.
 */
export { findByCodes } from './find-cylinders.js';
export { statusOf, type CylinderRecord } from './cylinder-view.js';
/** For the field app: inspection suggestions (examinedSuggest) — due cylinders at customers, per delivery person. */
export { suggestInspections } from './suggest-inspections.js';
