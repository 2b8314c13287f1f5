import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertListQuery,
  alertOrderSchema,
  alertPage,
  idParam,
  idSchema,
  lowGasSchema,
  nearbyBody,
  nearbySchema,
  readingChartSchema,
  readingsQuery,
  residualDetailSchema,
  residualListQuery,
  residualPage,
} from '@gasops/shared';
import type { Permission } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import { routeOptions } from '../../platform/route-options.js';
import { findNearbyLowGas } from './find-nearby-low-gas.js';
import { getReadingChart, getResidualDetail } from './get-residual-detail.js';
import { listAlerts } from './list-alerts.js';
import { listLowGas, listResidualGas } from './list-residual-gas.js';
import { errors, tags } from './route-parts.js';
import { suggestOrderFromAlert } from './suggest-order.js';

const view: Permission = { screen: 'residualGas', action: 'view' };
/** The alerts and the low-gas list are also Home's cards. */
const viewOrHome: Permission = {
  anyOf: [
    { screen: 'residualGas', action: 'view' },
    { screen: 'Home', action: 'view' },
  ],
};
const route = routeOptions(tags, errors);

/** Residual gas of the installed devices: list, detail and chart, alerts, Home's low-gas card, nearby customers. */
export const residualGasRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get('/iot/residual-gas', route(view, { querystring: residualListQuery }, residualPage), async (req) =>
    listResidualGas(db, ctxOf(req), req.query),
  );
  app.get('/iot/residual-gas/:id', route(view, { params: idParam }, residualDetailSchema), async (req) =>
    getResidualDetail(db, ctxOf(req), req.params.id),
  );
  app.get('/iot/residual-gas/:id/readings', route(view, { params: idParam, querystring: readingsQuery }, readingChartSchema), async (req) =>
    getReadingChart(db, ctxOf(req), req.params.id, req.query),
  );
  app.get('/iot/alerts', route(viewOrHome, { querystring: alertListQuery }, alertPage), async (req) =>
    listAlerts(db, ctxOf(req), req.query),
  );
  app.post(
    '/iot/alerts/:id/order',
    route(
      { screen: 'residualGas', action: 'create' },
      { description: 'Creates (once per alert) a suggested gas order for the customer of an alert.', params: idParam },
      alertOrderSchema,
    ),
    async (req) => ({ ...(await suggestOrderFromAlert(db, ctxOf(req), req.params.id)), detail: t(req, 'feedback.success.added') }),
  );
  app.get(
    '/iot/low-gas',
    route(
      viewOrHome,
      {
        description: 'Home dashboard: installed devices below LOW_GAS_PERCENT, lowest first.',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10), storeId: idSchema.optional() }),
      },
      lowGasSchema,
    ),
    async (req) => listLowGas(db, ctxOf(req), req.query),
  );
  app.post(
    '/store/nearbyDisabled',
    {
      config: {
        permission: {
          anyOf: [
            { screen: 'residualGas', action: 'view' },
            { screen: 'gasRound', action: 'view' },
          ],
        },
      },
      schema: {
        tags: ['iot', 'store'],
        description:
          'Customers within NEARBY_RADIUS_KM whose residual gas is under LOW_GAS_PERCENT, nearest first. Body: {latitude, longitude} | {customerId} | {orderId}.',
        body: nearbyBody,
        response: { 200: nearbySchema, ...errors },
      },
    },
    async (req) => findNearbyLowGas(db, ctxOf(req), req.body),
  );
};
