import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateSchema, deliveryPersonsBody, deliveryRouteBody, errorBody, idParam, idSchema, pageQuery, storeProductBody } from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { storeOf } from '../customers/store-of.js';
import type { Module, ModuleOptions } from '../index.js';
import { seedCatalogueDemo } from './demo.js';
import { deliveryCandidates, deliveryPersonOptions, setDeliveryPersons } from './delivery-persons.js';
import { createDeliveryRoute, deleteDeliveryRoute, listDeliveryRoutes, routeMap, updateDeliveryRoute } from './delivery-routes.js';
import { createStoreProduct, deleteStoreProduct, listStoreProducts, productsInForce, updateStoreProduct } from './store-products.js';

const errors = { 200: z.unknown(), 201: z.unknown(), 204: z.null(), 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const storeQuery = z.object({ storeId: idSchema });

const routes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  // ---- StoreProduct -----------------------------------------------------------------------------
  let tags = ['store products'];
  app.get(
    '/store-products',
    {
      config: { permission: { screen: 'StoreProduct', action: 'view' } },
      schema: { tags, querystring: pageQuery.extend({ storeId: idSchema.optional(), categoryId: idSchema.optional(), onDate: dateSchema.optional() }), response: errors },
    },
    async (req) => listStoreProducts(db, ctxOf(req), req.query),
  );
  app.get(
    '/store-products/in-force',
    {
      config: { permission: { anyOf: [{ screen: 'StoreProduct', action: 'view' }, { screen: 'DispatchOrder', action: 'view' }] } },
      schema: { tags, querystring: storeQuery.extend({ date: dateSchema }), response: errors },
    },
    async (req) => {
      await storeOf(db, ctxOf(req), req.query.storeId);
      return productsInForce(db, req.query.storeId, req.query.date);
    },
  );
  app.post('/store-products', { config: { permission: { screen: 'StoreProduct', action: 'create' } }, schema: { tags, body: storeProductBody, response: errors } }, async (req, reply) =>
    reply.status(201).send(await createStoreProduct(db, ctxOf(req), req.body)),
  );
  app.put(
    '/store-products/:id',
    { config: { permission: { screen: 'StoreProduct', action: 'edit' } }, schema: { tags, params: idParam, body: storeProductBody, response: errors } },
    async (req) => updateStoreProduct(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete('/store-products/:id', { config: { permission: { screen: 'StoreProduct', action: 'delete' } }, schema: { tags, params: idParam, response: errors } }, async (req, reply) => {
    await deleteStoreProduct(db, ctxOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  // ---- deliveryPerson ---------------------------------------------------------------------------
  tags = ['delivery persons'];
  app.get(
    '/delivery-persons/candidates',
    { config: { permission: { screen: 'deliveryPerson', action: 'view' } }, schema: { tags, querystring: storeQuery, response: errors } },
    async (req) => deliveryCandidates(db, ctxOf(req), req.query.storeId),
  );
  app.get(
    '/delivery-persons',
    {
      config: { permission: { anyOf: [{ screen: 'deliveryPerson', action: 'view' }, { screen: 'DispatchOrder', action: 'view' }] } },
      schema: { tags, querystring: storeQuery, response: errors },
    },
    async (req) => deliveryPersonOptions(db, ctxOf(req), req.query.storeId),
  );
  app.put('/delivery-persons', { config: { permission: { screen: 'deliveryPerson', action: 'edit' } }, schema: { tags, body: deliveryPersonsBody, response: errors } }, async (req) =>
    setDeliveryPersons(db, ctxOf(req), req.body.storeId, req.body.userIds),
  );

  // ---- deliveryRoute ----------------------------------------------------------------------------
  tags = ['delivery routes'];
  app.get(
    '/delivery-routes',
    { config: { permission: { screen: 'deliveryRoute', action: 'view' } }, schema: { tags, querystring: pageQuery.extend({ storeId: idSchema.optional() }), response: errors } },
    async (req) => listDeliveryRoutes(db, ctxOf(req), req.query),
  );
  app.get(
    '/delivery-routes/map',
    { config: { permission: { screen: 'deliveryRoute', action: 'view' } }, schema: { tags, querystring: z.object({ storeId: idSchema.optional() }), response: errors } },
    async (req) => routeMap(db, ctxOf(req), req.query.storeId),
  );
  app.post('/delivery-routes', { config: { permission: { screen: 'deliveryRoute', action: 'create' } }, schema: { tags, body: deliveryRouteBody, response: errors } }, async (req, reply) =>
    reply.status(201).send(await createDeliveryRoute(db, ctxOf(req), req.body)),
  );
  app.put(
    '/delivery-routes/:id',
    { config: { permission: { screen: 'deliveryRoute', action: 'edit' } }, schema: { tags, params: idParam, body: deliveryRouteBody, response: errors } },
    async (req) => updateDeliveryRoute(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete('/delivery-routes/:id', { config: { permission: { screen: 'deliveryRoute', action: 'delete' } }, schema: { tags, params: idParam, response: errors } }, async (req, reply) => {
    await deleteDeliveryRoute(db, ctxOf(req), req.params.id);
    return reply.status(204).send(null);
  });
};

export const catalogueModule: Module = { name: 'catalogue', routes, seedDemo: seedCatalogueDemo };
