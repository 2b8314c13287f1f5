import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATEGORY_KINDS,
  categoryBody,
  categoryOptionSchema,
  categoryPage,
  categoryRowSchema,
  customerBillRowSchema,
  customerBody,
  customerCylinderRowSchema,
  customerListQuery,
  customerOptionSchema,
  customerOrderPage,
  customerOrderRowSchema,
  customerPage,
  customerPaymentPage,
  customerRowSchema,
  customerSchema,
  errorBody,
  gasCreditPage,
  idParam,
  idSchema,
  importBody,
  importReportSchema,
  pageQuery,
  priceChangeBody,
  priceChangePreviewSchema,
  priceChangeResultSchema,
} from '@gasops/shared';
import type { Permission } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { changeCustomerPrices, previewPriceChange } from './change-customer-prices.js';
import { importCustomers } from './import-customers.js';
import { categoryOptions, listCategories } from './list-categories.js';
import {
  customerBills,
  customerCylinders,
  customerGasCredit,
  customerOrders,
  customerPayments,
  recentOrders,
} from './list-customer-history.js';
import { customerOptions, getCustomer, listCustomers } from './list-customers.js';
import { createCategory, deleteCategory, updateCategory } from './save-category.js';
import { createCustomer, deleteCustomer, updateCustomer } from './save-customer.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const view: Permission = {
  anyOf: [
    { screen: 'Customer', action: 'view' },
    { screen: 'CustomerDetail', action: 'view' },
  ],
};

export const customersRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['customers'];

  // ---- customers ------------------------------------------------------------------------------
  app.get(
    '/customers',
    {
      config: { permission: { screen: 'Customer', action: 'view' } },
      schema: { tags, querystring: customerListQuery, response: { 200: customerPage, ...errors } },
    },
    async (req) => listCustomers(db, ctxOf(req), req.query),
  );
  app.get(
    '/customers/options',
    {
      config: {
        permission: {
          anyOf: [
            { screen: 'Customer', action: 'view' },
            { screen: 'DispatchOrder', action: 'view' },
            { screen: 'CustomerDetail', action: 'view' },
            // The customer pickers of the cylinder stock documents and pending-data corrections.
            { screen: 'CylinderStockMaintenance', action: 'view' },
            { screen: 'penddingDataMaintenance', action: 'edit' },
          ],
        },
      },
      schema: {
        tags,
        querystring: z.object({ storeId: idSchema.optional(), keyword: z.string().trim().max(100).optional() }),
        response: { 200: z.array(customerOptionSchema), ...errors },
      },
    },
    async (req) => customerOptions(db, ctxOf(req), req.query),
  );
  app.get(
    '/customers/:id',
    { config: { permission: view }, schema: { tags, params: idParam, response: { 200: customerRowSchema, ...errors } } },
    async (req) => getCustomer(db, ctxOf(req), req.params.id),
  );
  app.post(
    '/customers',
    {
      config: { permission: { screen: 'Customer', action: 'create' } },
      schema: { tags, body: customerBody, response: { 201: customerSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createCustomer(db, ctxOf(req), req.body)),
  );
  app.put(
    '/customers/:id',
    {
      config: { permission: { screen: 'Customer', action: 'edit' } },
      schema: { tags, params: idParam, body: customerBody, response: { 200: customerSchema, ...errors } },
    },
    async (req) => updateCustomer(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/customers/:id',
    {
      config: { permission: { screen: 'Customer', action: 'delete' } },
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteCustomer(db, ctxOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Batch price change: preview, then confirm.
  app.post(
    '/customers/price-change/preview',
    {
      config: { permission: { screen: 'Customer', action: 'edit' } },
      schema: { tags, body: priceChangeBody, response: { 200: priceChangePreviewSchema, ...errors } },
    },
    async (req) => previewPriceChange(db, ctxOf(req), req.body),
  );
  app.post(
    '/customers/price-change',
    {
      config: { permission: { screen: 'Customer', action: 'edit' } },
      schema: { tags, body: priceChangeBody, response: { 200: priceChangeResultSchema, ...errors } },
    },
    async (req) => changeCustomerPrices(db, ctxOf(req), req.body),
  );
  app.post(
    '/customers/import',
    {
      config: { permission: { screen: 'Customer', action: 'create' } },
      schema: { tags, body: importBody, response: { 200: importReportSchema, ...errors } },
    },
    async (req) => importCustomers(db, ctxOf(req), req.body),
  );

  // ---- CustomerDetail ---------------------------------------------------------------------------
  const pq = pageQuery.pick({ page: true, pageSize: true });
  app.get(
    '/customers/:id/orders',
    { config: { permission: view }, schema: { tags, params: idParam, querystring: pq, response: { 200: customerOrderPage, ...errors } } },
    async (req) => customerOrders(db, ctxOf(req), req.params.id, req.query),
  );
  app.get(
    '/customers/:id/recent-orders',
    { config: { permission: view }, schema: { tags, params: idParam, response: { 200: z.array(customerOrderRowSchema), ...errors } } },
    async (req) => recentOrders(db, ctxOf(req), req.params.id),
  );
  app.get(
    '/customers/:id/payments',
    { config: { permission: view }, schema: { tags, params: idParam, querystring: pq, response: { 200: customerPaymentPage, ...errors } } },
    async (req) => customerPayments(db, ctxOf(req), req.params.id, req.query),
  );
  app.get(
    '/customers/:id/bills',
    { config: { permission: view }, schema: { tags, params: idParam, response: { 200: z.array(customerBillRowSchema), ...errors } } },
    async (req) => customerBills(db, ctxOf(req), req.params.id),
  );
  app.get(
    '/customers/:id/cylinders',
    { config: { permission: view }, schema: { tags, params: idParam, response: { 200: z.array(customerCylinderRowSchema), ...errors } } },
    async (req) => customerCylinders(db, ctxOf(req), req.params.id),
  );
  app.get(
    '/customers/:id/gas-credit',
    { config: { permission: view }, schema: { tags, params: idParam, querystring: pq, response: { 200: gasCreditPage, ...errors } } },
    async (req) => customerGasCredit(db, ctxOf(req), req.params.id, req.query),
  );

  // ---- categories -------------------------------------------------------------------------------
  const kindQuery = z.object({ kind: z.enum(CATEGORY_KINDS).optional() });
  app.get(
    '/categories',
    {
      config: { permission: { screen: 'Category', action: 'view' } },
      schema: { tags, querystring: pageQuery.extend(kindQuery.shape), response: { 200: categoryPage, ...errors } },
    },
    async (req) => listCategories(db, ctxOf(req), req.query),
  );
  app.get(
    '/categories/options',
    {
      config: {
        permission: {
          anyOf: [
            { screen: 'Category', action: 'view' },
            { screen: 'Customer', action: 'view' },
            { screen: 'StoreProduct', action: 'view' },
            { screen: 'CustomerDetail', action: 'view' },
          ],
        },
      },
      schema: { tags, querystring: kindQuery, response: { 200: z.array(categoryOptionSchema), ...errors } },
    },
    async (req) => categoryOptions(db, ctxOf(req), req.query.kind),
  );
  app.post(
    '/categories',
    {
      config: { permission: { screen: 'Category', action: 'create' } },
      schema: { tags, body: categoryBody.extend({ groupId: idSchema.optional() }), response: { 201: categoryRowSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createCategory(db, ctxOf(req), req.body)),
  );
  app.put(
    '/categories/:id',
    {
      config: { permission: { screen: 'Category', action: 'edit' } },
      schema: { tags, params: idParam, body: categoryBody, response: { 200: categoryRowSchema, ...errors } },
    },
    async (req) => updateCategory(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/categories/:id',
    {
      config: { permission: { screen: 'Category', action: 'delete' } },
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteCategory(db, ctxOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
