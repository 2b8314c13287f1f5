import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  productBody,
  productPage,
  productQuery,
  productRow,
  productTypeBody,
  productTypePage,
  productTypeQuery,
  productTypeRow,
  productTypeUpdateBody,
  productUpdateBody,
  systemIdBody,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import type { Module, ModuleOptions } from '../index.js';
import {
  createProduct,
  createProductType,
  deleteProduct,
  deleteProductType,
  listProducts,
  listProductTypes,
  updateProduct,
  updateProductType,
} from './catalogue.js';
import { seedProductsDemo } from './seed-demo.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const ok = z.object({ ok: z.literal(true) });

const routes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['product'];
  // Store products and orders pick products too.
  const pickers = {
    anyOf: [
      { screen: 'Product' as const, action: 'view' as const },
      { screen: 'StoreProduct' as const, action: 'view' as const },
      { screen: 'DispatchOrder' as const, action: 'view' as const },
    ],
  };

  // Seed §7: GET/POST/PUT/DELETE /prod/type (updates and deletes carry the id in the body).
  app.get(
    '/prod/type',
    { config: { permission: pickers }, schema: { tags, querystring: productTypeQuery, response: { 200: productTypePage, ...errors } } },
    async (req) => listProductTypes(db, ctxOf(req), req.query),
  );
  app.post(
    '/prod/type',
    {
      config: { permission: { screen: 'Product', action: 'create' } },
      schema: { tags, body: productTypeBody, response: { 200: productTypeRow, ...errors } },
    },
    async (req) => createProductType(db, ctxOf(req), req.body),
  );
  app.put(
    '/prod/type',
    {
      config: { permission: { screen: 'Product', action: 'edit' } },
      schema: { tags, body: productTypeUpdateBody, response: { 200: productTypeRow, ...errors } },
    },
    async (req) => updateProductType(db, ctxOf(req), req.body.id, req.body),
  );
  app.delete(
    '/prod/type',
    {
      config: { permission: { screen: 'Product', action: 'delete' } },
      schema: { tags, body: systemIdBody, response: { 200: ok, ...errors } },
    },
    async (req) => {
      await deleteProductType(db, ctxOf(req), req.body.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/prod',
    { config: { permission: pickers }, schema: { tags, querystring: productQuery, response: { 200: productPage, ...errors } } },
    async (req) => listProducts(db, ctxOf(req), req.query),
  );
  app.post(
    '/prod',
    {
      config: { permission: { screen: 'Product', action: 'create' } },
      schema: { tags, body: productBody, response: { 200: productRow, ...errors } },
    },
    async (req) => createProduct(db, ctxOf(req), req.body),
  );
  app.put(
    '/prod',
    {
      config: { permission: { screen: 'Product', action: 'edit' } },
      schema: { tags, body: productUpdateBody, response: { 200: productRow, ...errors } },
    },
    async (req) => updateProduct(db, ctxOf(req), req.body.id, req.body),
  );
  app.delete(
    '/prod',
    {
      config: { permission: { screen: 'Product', action: 'delete' } },
      schema: { tags, body: systemIdBody, response: { 200: ok, ...errors } },
    },
    async (req) => {
      await deleteProduct(db, ctxOf(req), req.body.id);
      return { ok: true as const };
    },
  );
};

export const productsModule: Module = { name: 'products', routes, seedDemo: seedProductsDemo };
