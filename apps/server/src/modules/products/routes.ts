import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrors,
  okAnswer,
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
import type { ModuleOptions } from '../../platform/module.js';
import { listProductTypes } from './list-product-types.js';
import { listProducts } from './list-products.js';
import { createProductType, deleteProductType, updateProductType } from './save-product-type.js';
import { createProduct, deleteProduct, updateProduct } from './save-product.js';

export const productsRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
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
    {
      config: { permission: pickers },
      schema: { tags, querystring: productTypeQuery, response: { 200: productTypePage, ...adminErrors } },
    },
    async (req) => listProductTypes(db, ctxOf(req), req.query),
  );
  app.post(
    '/prod/type',
    {
      config: { permission: { screen: 'Product', action: 'create' } },
      schema: { tags, body: productTypeBody, response: { 200: productTypeRow, ...adminErrors } },
    },
    async (req) => createProductType(db, ctxOf(req), req.body),
  );
  app.put(
    '/prod/type',
    {
      config: { permission: { screen: 'Product', action: 'edit' } },
      schema: { tags, body: productTypeUpdateBody, response: { 200: productTypeRow, ...adminErrors } },
    },
    async (req) => updateProductType(db, ctxOf(req), req.body.id, req.body),
  );
  app.delete(
    '/prod/type',
    {
      config: { permission: { screen: 'Product', action: 'delete' } },
      schema: { tags, body: systemIdBody, response: { 200: okAnswer, ...adminErrors } },
    },
    async (req) => {
      await deleteProductType(db, ctxOf(req), req.body.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/prod',
    { config: { permission: pickers }, schema: { tags, querystring: productQuery, response: { 200: productPage, ...adminErrors } } },
    async (req) => listProducts(db, ctxOf(req), req.query),
  );
  app.post(
    '/prod',
    {
      config: { permission: { screen: 'Product', action: 'create' } },
      schema: { tags, body: productBody, response: { 200: productRow, ...adminErrors } },
    },
    async (req) => createProduct(db, ctxOf(req), req.body),
  );
  app.put(
    '/prod',
    {
      config: { permission: { screen: 'Product', action: 'edit' } },
      schema: { tags, body: productUpdateBody, response: { 200: productRow, ...adminErrors } },
    },
    async (req) => updateProduct(db, ctxOf(req), req.body.id, req.body),
  );
  app.delete(
    '/prod',
    {
      config: { permission: { screen: 'Product', action: 'delete' } },
      schema: { tags, body: systemIdBody, response: { 200: okAnswer, ...adminErrors } },
    },
    async (req) => {
      await deleteProduct(db, ctxOf(req), req.body.id);
      return { ok: true as const };
    },
  );
};
