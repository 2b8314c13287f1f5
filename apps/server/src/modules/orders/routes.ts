import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingQuery,
  cancelBody,
  dateSchema,
  deliveredBody,
  dispatchBody,
  errorBody,
  generateBillsBody,
  idParam,
  idSchema,
  orderBody,
  orderListQuery,
  paymentBody,
  publicOrderBody,
} from '@gasops/shared';
import type { Permission } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import { localeOf } from '../../platform/i18n.js';
import type { Module, ModuleOptions } from '../index.js';
import { seedOrdersDemo } from './demo.js';
import { idempotencyKeyOf } from './idempotency.js';
import { dispatchLoad, getOrder, listOrders } from './list-orders.js';
import { deleteBill, generateBills, listBilling, postBill } from './monthly-billing.js';
import { cancelOrder, completeOrder, deleteOrder, dispatchOrders, markDelivered, payOrder, startDelivery } from './order-actions.js';
import { placePublicOrder, publicProducts, publicStores } from './public-orders.js';
import { quoteOrder } from './quote-order.js';
import { createOrder, updateOrder } from './save-order.js';

const errors = { 200: z.unknown(), 201: z.unknown(), 204: z.null(), 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const VIEW: Permission = { screen: 'DispatchOrder', action: 'view' };
const EDIT: Permission = { screen: 'DispatchOrder', action: 'edit' };
const orderView: Permission = { anyOf: [VIEW, { screen: 'CustomerDetail', action: 'view' }, { screen: 'Customer', action: 'view' }] };

const routes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  let tags = ['orders'];

  app.get('/orders', { config: { permission: VIEW }, schema: { tags, querystring: orderListQuery, response: errors } }, async (req) => listOrders(db, ctxOf(req), req.query));
  app.get(
    '/orders/quote',
    { config: { permission: VIEW }, schema: { tags, querystring: z.object({ storeId: idSchema, customerId: idSchema.optional() }), response: errors } },
    async (req) => quoteOrder(db, ctxOf(req), req.query),
  );
  app.get(
    '/orders/dispatch-load',
    { config: { permission: VIEW }, schema: { tags, querystring: z.object({ storeId: idSchema, date: dateSchema }), response: errors } },
    async (req) => dispatchLoad(db, ctxOf(req), req.query.storeId, req.query.date),
  );
  app.get('/orders/:id', { config: { permission: orderView }, schema: { tags, params: idParam, response: errors } }, async (req) => getOrder(db, ctxOf(req), req.params.id));
  app.post(
    '/orders',
    { config: { permission: { screen: 'DispatchOrder', action: 'create' } }, schema: { tags, body: orderBody, response: errors } },
    async (req, reply) => {
      const r = await createOrder(db, ctxOf(req), req.body, idempotencyKeyOf(req.headers));
      return reply.status(r.status as 201).send(r.body);
    },
  );
  app.put('/orders/:id', { config: { permission: EDIT }, schema: { tags, params: idParam, body: orderBody, response: errors } }, async (req) =>
    updateOrder(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete('/orders/:id', { config: { permission: { screen: 'DispatchOrder', action: 'delete' } }, schema: { tags, params: idParam, response: errors } }, async (req, reply) => {
    await deleteOrder(db, ctxOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  // ---- status actions -----------------------------------------------------------------------
  app.post('/orders/dispatch', { config: { permission: EDIT }, schema: { tags, body: dispatchBody, response: errors } }, async (req) => dispatchOrders(db, ctxOf(req), req.body));
  app.post('/orders/:id/start', { config: { permission: EDIT }, schema: { tags, params: idParam, response: errors } }, async (req) => startDelivery(db, ctxOf(req), req.params.id));
  app.post('/orders/:id/delivered', { config: { permission: EDIT }, schema: { tags, params: idParam, body: deliveredBody, response: errors } }, async (req) =>
    markDelivered(db, ctxOf(req), req.params.id, req.body),
  );
  app.post('/orders/:id/complete', { config: { permission: EDIT }, schema: { tags, params: idParam, response: errors } }, async (req) => completeOrder(db, ctxOf(req), req.params.id));
  app.post('/orders/:id/cancel', { config: { permission: EDIT }, schema: { tags, params: idParam, body: cancelBody, response: errors } }, async (req) =>
    cancelOrder(db, ctxOf(req), req.params.id, req.body.reason),
  );
  app.post('/orders/:id/payment', { config: { permission: EDIT }, schema: { tags, params: idParam, body: paymentBody, response: errors } }, async (req) =>
    payOrder(db, ctxOf(req), req.params.id, req.body),
  );

  // ---- monthly billing (Customer screen) ------------------------------------------------------
  tags = ['billing'];
  app.get('/billing', { config: { permission: { screen: 'Customer', action: 'view' } }, schema: { tags, querystring: billingQuery, response: errors } }, async (req) =>
    listBilling(db, ctxOf(req), req.query),
  );
  app.post('/billing', { config: { permission: { screen: 'Customer', action: 'edit' } }, schema: { tags, body: generateBillsBody, response: errors } }, async (req, reply) =>
    reply.status(201).send(await generateBills(db, ctxOf(req), req.body)),
  );
  app.post('/billing/:id/post', { config: { permission: { screen: 'Customer', action: 'edit' } }, schema: { tags, params: idParam, body: paymentBody, response: errors } }, async (req) =>
    postBill(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete('/billing/:id', { config: { permission: { screen: 'Customer', action: 'edit' } }, schema: { tags, params: idParam, response: errors } }, async (req, reply) => {
    await deleteBill(db, ctxOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  // ---- public order page (/addOrder) ----------------------------------------------------------
  tags = ['public'];
  const limited = { permission: 'public' as const, rateLimit: { max: config.publicOrderRateLimit, timeWindow: '1 minute' } };
  app.get('/public/stores', { config: limited, schema: { tags, security: [] } }, async () => publicStores(db));
  app.get('/public/stores/:id/products', { config: limited, schema: { tags, security: [], params: idParam, response: errors } }, async (req) => publicProducts(db, req.params.id));
  app.post('/public/orders', { config: limited, schema: { tags, security: [], body: publicOrderBody, response: { ...errors, 429: errorBody } } }, async (req, reply) => {
    const r = await placePublicOrder(db, localeOf(req), req.ip, req.body, idempotencyKeyOf(req.headers));
    return reply.status(r.status as 201).send(r.body);
  });
};

export const ordersModule: Module = { name: 'orders', routes, seedDemo: seedOrdersDemo };
