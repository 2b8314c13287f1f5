import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dateSchema,
  deliveryPersonCandidateSchema,
  deliveryPersonSchema,
  deliveryPersonsBody,
  deliveryRouteBody,
  deliveryRoutePage,
  deliveryRouteSchema,
  errorBody,
  idParam,
  idSchema,
  pageQuery,
  productInForceSchema,
  routeMapSchema,
  storeProductBody,
  storeProductPage,
  storeProductSchema,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { deliveryCandidates, deliveryPersonOptions } from './list-delivery-persons.js';
import { listDeliveryRoutes, routeMap } from './list-delivery-routes.js';
import { listStoreProducts, storeProductsInForce } from './list-store-products.js';
import { createDeliveryRoute, deleteDeliveryRoute, updateDeliveryRoute } from './save-delivery-route.js';
import { createStoreProduct, deleteStoreProduct, updateStoreProduct } from './save-store-product.js';
import { setDeliveryPersons } from './set-delivery-persons.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const storeQuery = z.object({ storeId: idSchema });

export const catalogueRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  // ---- StoreProduct -----------------------------------------------------------------------------
  let tags = ['store products'];
  app.get(
    '/store-products',
    {
      config: { permission: { screen: 'StoreProduct', action: 'view' } },
      schema: {
        tags,
        querystring: pageQuery.extend({ storeId: idSchema.optional(), categoryId: idSchema.optional(), onDate: dateSchema.optional() }),
        response: { 200: storeProductPage, ...errors },
      },
    },
    async (req) => listStoreProducts(db, ctxOf(req), req.query),
  );
  app.get(
    '/store-products/in-force',
    {
      config: {
        permission: {
          anyOf: [
            { screen: 'StoreProduct', action: 'view' },
            { screen: 'DispatchOrder', action: 'view' },
          ],
        },
      },
      schema: { tags, querystring: storeQuery.extend({ date: dateSchema }), response: { 200: z.array(productInForceSchema), ...errors } },
    },
    async (req) => storeProductsInForce(db, ctxOf(req), req.query.storeId, req.query.date),
  );
  app.post(
    '/store-products',
    {
      config: { permission: { screen: 'StoreProduct', action: 'create' } },
      schema: { tags, body: storeProductBody, response: { 201: storeProductSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createStoreProduct(db, ctxOf(req), req.body)),
  );
  app.put(
    '/store-products/:id',
    {
      config: { permission: { screen: 'StoreProduct', action: 'edit' } },
      schema: { tags, params: idParam, body: storeProductBody, response: { 200: storeProductSchema, ...errors } },
    },
    async (req) => updateStoreProduct(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/store-products/:id',
    {
      config: { permission: { screen: 'StoreProduct', action: 'delete' } },
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteStoreProduct(db, ctxOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- deliveryPerson ---------------------------------------------------------------------------
  tags = ['delivery persons'];
  app.get(
    '/delivery-persons/candidates',
    {
      config: { permission: { screen: 'deliveryPerson', action: 'view' } },
      schema: { tags, querystring: storeQuery, response: { 200: z.array(deliveryPersonCandidateSchema), ...errors } },
    },
    async (req) => deliveryCandidates(db, ctxOf(req), req.query.storeId),
  );
  app.get(
    '/delivery-persons',
    {
      config: {
        permission: {
          anyOf: [
            { screen: 'deliveryPerson', action: 'view' },
            { screen: 'DispatchOrder', action: 'view' },
          ],
        },
      },
      schema: { tags, querystring: storeQuery, response: { 200: z.array(deliveryPersonSchema), ...errors } },
    },
    async (req) => deliveryPersonOptions(db, ctxOf(req), req.query.storeId),
  );
  app.put(
    '/delivery-persons',
    {
      config: { permission: { screen: 'deliveryPerson', action: 'edit' } },
      schema: { tags, body: deliveryPersonsBody, response: { 200: z.array(deliveryPersonSchema), ...errors } },
    },
    async (req) => setDeliveryPersons(db, ctxOf(req), req.body.storeId, req.body.userIds),
  );

  // ---- deliveryRoute ----------------------------------------------------------------------------
  tags = ['delivery routes'];
  app.get(
    '/delivery-routes',
    {
      config: { permission: { screen: 'deliveryRoute', action: 'view' } },
      schema: { tags, querystring: pageQuery.extend({ storeId: idSchema.optional() }), response: { 200: deliveryRoutePage, ...errors } },
    },
    async (req) => listDeliveryRoutes(db, ctxOf(req), req.query),
  );
  app.get(
    '/delivery-routes/map',
    {
      config: { permission: { screen: 'deliveryRoute', action: 'view' } },
      schema: { tags, querystring: z.object({ storeId: idSchema.optional() }), response: { 200: routeMapSchema, ...errors } },
    },
    async (req) => routeMap(db, ctxOf(req), req.query.storeId),
  );
  app.post(
    '/delivery-routes',
    {
      config: { permission: { screen: 'deliveryRoute', action: 'create' } },
      schema: { tags, body: deliveryRouteBody, response: { 201: deliveryRouteSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createDeliveryRoute(db, ctxOf(req), req.body)),
  );
  app.put(
    '/delivery-routes/:id',
    {
      config: { permission: { screen: 'deliveryRoute', action: 'edit' } },
      schema: { tags, params: idParam, body: deliveryRouteBody, response: { 200: deliveryRouteSchema, ...errors } },
    },
    async (req) => updateDeliveryRoute(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/delivery-routes/:id',
    {
      config: { permission: { screen: 'deliveryRoute', action: 'delete' } },
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteDeliveryRoute(db, ctxOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
