import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachCustomerBody,
  billingPage,
  billingPeriodQuery,
  billingPeriodSchema,
  billingQuery,
  customerOptionSchema,
  cancelBody,
  dateSchema,
  deliveredBody,
  dispatchBody,
  dispatchLoadSchema,
  dispatchResultSchema,
  errorBody,
  generateBillsBody,
  generatedBillsSchema,
  idParam,
  idSchema,
  orderBody,
  orderCustomerBody,
  orderDetailSchema,
  orderListPage,
  orderListQuery,
  paymentBody,
  postedBillSchema,
  publicOrderAnswerSchema,
  publicOrderBody,
  publicProductList,
  publicStoreList,
  quoteSchema,
} from '@gasops/shared';
import type { Permission } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import { localeOf } from '../../platform/i18n.js';
import { idempotencyKeyOf } from '../../platform/idempotency.js';
import type { ModuleOptions } from '../../platform/module.js';
import { inlinePdf } from '../../platform/pdf.js';
import { routeOptions } from '../../platform/route-options.js';
import { cancelOrder } from './cancel-order.js';
import { deleteOrder } from './delete-order.js';
import { completeOrder, markDelivered, startDelivery } from './deliver-order.js';
import { dispatchOrders } from './dispatch-orders.js';
import { generateBills } from './generate-bills.js';
import { getDispatchLoad } from './get-dispatch-load.js';
import { getOrder } from './get-order.js';
import { billingPeriod, listBilling } from './list-billing.js';
import { listOrders } from './list-orders.js';
import { listPublicProducts, listPublicStores } from './list-public-stores.js';
import { attachOrderCustomer, createOrderCustomer, customerMatches } from './order-customer.js';
import { payOrder } from './pay-order.js';
import { placePublicOrder } from './place-public-order.js';
import { printDaySheet, printOrderSlip } from './print-orders.js';
import { postBill } from './post-bill.js';
import { quoteOrder } from './quote-order.js';
import { createOrder, updateOrder } from './save-order.js';
import { withdrawBill } from './withdraw-bill.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const VIEW: Permission = { screen: 'DispatchOrder', action: 'view' };
const EDIT: Permission = { screen: 'DispatchOrder', action: 'edit' };
const orderView: Permission = { anyOf: [VIEW, { screen: 'CustomerDetail', action: 'view' }, { screen: 'Customer', action: 'view' }] };
const BILLING_VIEW: Permission = { screen: 'Customer', action: 'view' };
const BILLING_EDIT: Permission = { screen: 'Customer', action: 'edit' };

export const ordersRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  let tags = ['orders'];
  let route = routeOptions(tags, errors);

  app.get('/orders', route(VIEW, { querystring: orderListQuery }, orderListPage), async (req) => listOrders(db, ctxOf(req), req.query));
  app.get(
    '/orders/quote',
    route(VIEW, { querystring: z.object({ storeId: idSchema, customerId: idSchema.optional() }) }, quoteSchema),
    async (req) => quoteOrder(db, ctxOf(req), req.query),
  );
  app.get(
    '/orders/dispatch-load',
    route(VIEW, { querystring: z.object({ storeId: idSchema, date: dateSchema }) }, dispatchLoadSchema),
    async (req) => getDispatchLoad(db, ctxOf(req), req.query),
  );
  // Printing (issue 11): the day's orders per delivery person and an order's delivery slip, as PDF.
  const pdfAnswer = { 200: z.string().describe('application/pdf bytes'), ...errors };
  app.get(
    '/orders/day-sheet.pdf',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        description: "A day's orders of a store per delivery person (A4 PDF, one delivery person a page); `deliveryPersonId` prints one.",
        querystring: z.object({ storeId: idSchema, date: dateSchema, deliveryPersonId: idSchema.optional() }),
        response: pdfAnswer,
      },
    },
    async (req, reply) => {
      const pdf = await printDaySheet(db, ctxOf(req), req.query, localeOf(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', inlinePdf(`deliveries-${req.query.date}.pdf`))
        .send(pdf as unknown as string);
    },
  );
  app.get(
    '/orders/:id/slip.pdf',
    {
      config: { permission: orderView },
      schema: {
        tags,
        description: "An order's delivery slip (A4 PDF): a copy for the driver and one for the customer.",
        params: idParam,
        response: pdfAnswer,
      },
    },
    async (req, reply) => {
      const { pdf, orderNo } = await printOrderSlip(db, ctxOf(req), req.params.id, localeOf(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', inlinePdf(`slip-${orderNo}.pdf`))
        .send(pdf as unknown as string);
    },
  );
  app.get('/orders/:id', route(orderView, { params: idParam }, orderDetailSchema), async (req) => getOrder(db, ctxOf(req), req.params.id));
  app.post(
    '/orders',
    {
      config: { permission: { screen: 'DispatchOrder', action: 'create' } },
      schema: { tags, body: orderBody, response: { 201: orderDetailSchema, ...errors } },
    },
    async (req, reply) => {
      const { result } = await createOrder(db, ctxOf(req), req.body, idempotencyKeyOf(req.headers));
      return reply.status(201).send(result);
    },
  );
  app.put('/orders/:id', route(EDIT, { params: idParam, body: orderBody }, orderDetailSchema), async (req) =>
    updateOrder(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/orders/:id',
    {
      config: { permission: { screen: 'DispatchOrder', action: 'delete' } },
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteOrder(db, ctxOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- the customer of a public order by an unknown phone -------------------------------------
  app.get('/orders/:id/customer-matches', route(VIEW, { params: idParam }, z.array(customerOptionSchema)), async (req) =>
    customerMatches(db, ctxOf(req), req.params.id),
  );
  // Creates the customer from the order (also needs the right to add customers) and links it.
  app.post(
    '/orders/:id/customer',
    {
      config: { permission: EDIT },
      schema: { tags, params: idParam, body: orderCustomerBody, response: { 201: orderDetailSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createOrderCustomer(db, ctxOf(req), req.params.id, req.body)),
  );
  app.post('/orders/:id/attach-customer', route(EDIT, { params: idParam, body: attachCustomerBody }, orderDetailSchema), async (req) =>
    attachOrderCustomer(db, ctxOf(req), req.params.id, req.body.customerId),
  );

  // ---- status actions: each answers the order as it now is (dispatching: what it dispatched) ---
  app.post('/orders/dispatch', route(EDIT, { body: dispatchBody }, dispatchResultSchema), async (req) =>
    dispatchOrders(db, ctxOf(req), req.body),
  );
  app.post('/orders/:id/start', route(EDIT, { params: idParam }, orderDetailSchema), async (req) =>
    startDelivery(db, ctxOf(req), req.params.id),
  );
  app.post('/orders/:id/delivered', route(EDIT, { params: idParam, body: deliveredBody }, orderDetailSchema), async (req) =>
    markDelivered(db, ctxOf(req), req.params.id, req.body),
  );
  app.post('/orders/:id/complete', route(EDIT, { params: idParam }, orderDetailSchema), async (req) =>
    completeOrder(db, ctxOf(req), req.params.id),
  );
  app.post('/orders/:id/cancel', route(EDIT, { params: idParam, body: cancelBody }, orderDetailSchema), async (req) =>
    cancelOrder(db, ctxOf(req), req.params.id, req.body.reason),
  );
  app.post('/orders/:id/payment', route(EDIT, { params: idParam, body: paymentBody }, orderDetailSchema), async (req) =>
    payOrder(db, ctxOf(req), req.params.id, req.body),
  );

  // ---- monthly billing (Customer screen) ------------------------------------------------------
  tags = ['billing'];
  route = routeOptions(tags, errors);
  app.get('/billing', route(BILLING_VIEW, { querystring: billingQuery }, billingPage), async (req) =>
    listBilling(db, ctxOf(req), req.query),
  );
  app.get('/billing/period', route(BILLING_VIEW, { querystring: billingPeriodQuery }, billingPeriodSchema), async (req) =>
    billingPeriod(db, ctxOf(req), req.query),
  );
  app.post(
    '/billing',
    { config: { permission: BILLING_EDIT }, schema: { tags, body: generateBillsBody, response: { 201: generatedBillsSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await generateBills(db, ctxOf(req), req.body)),
  );
  app.post('/billing/:id/post', route(BILLING_EDIT, { params: idParam, body: paymentBody }, postedBillSchema), async (req) =>
    postBill(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/billing/:id',
    { config: { permission: BILLING_EDIT }, schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await withdrawBill(db, ctxOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- public order page (/addOrder) ----------------------------------------------------------
  tags = ['public'];
  const limited = { permission: 'public' as const, rateLimit: { max: config.publicOrderRateLimit, timeWindow: '1 minute' } };
  const publicErrors = { ...errors, 429: errorBody };
  app.get(
    '/public/stores',
    { config: limited, schema: { tags, security: [], response: { 200: publicStoreList, ...publicErrors } } },
    async () => listPublicStores(db),
  );
  app.get(
    '/public/stores/:id/products',
    { config: limited, schema: { tags, security: [], params: idParam, response: { 200: publicProductList, ...publicErrors } } },
    async (req) => listPublicProducts(db, req.params.id),
  );
  app.post(
    '/public/orders',
    { config: limited, schema: { tags, security: [], body: publicOrderBody, response: { 201: publicOrderAnswerSchema, ...publicErrors } } },
    async (req, reply) => {
      const { result } = await placePublicOrder(db, localeOf(req), req.ip, req.body, idempotencyKeyOf(req.headers));
      return reply.status(201).send(result);
    },
  );
};
