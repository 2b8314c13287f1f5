import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dailyReportQuery,
  dailyReportSchema,
  deliveryPersonOptionList,
  deliveryPersonOptionQuery,
  errorBody,
  gasReportSchema,
  monthlyReportQuery,
  monthlyReportSchema,
  productReportSchema,
  reportQuery,
  serviceReportSchema,
  type ScreenKey,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { localeOf } from '../../platform/i18n.js';
import { inlinePdf } from '../../platform/pdf.js';
import type { ModuleOptions } from '../../platform/module.js';
import { getGasReport, getProductReport, getServiceReport } from './get-order-reports.js';
import { getDailyReport, getMonthlyReport } from './get-period-reports.js';
import { listDeliveryPersonOptions } from './list-delivery-persons.js';
import { printDailyReport, printMonthlyReport } from './print-reports.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody };
const view = (screen: ScreenKey) => ({ permission: { screen, action: 'view' as const } });
const REPORT_SCREENS: ScreenKey[] = ['order_gas', 'order_product', 'order_service', 'DailyReport', 'MonthlyReport', 'Home'];

export const reportsRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['reports'];

  app.get(
    '/reports/order-gas',
    { config: view('order_gas'), schema: { tags, querystring: reportQuery, response: { 200: gasReportSchema, ...errors } } },
    async (req) => getGasReport(db, ctxOf(req), req.query),
  );
  app.get(
    '/reports/order-product',
    { config: view('order_product'), schema: { tags, querystring: reportQuery, response: { 200: productReportSchema, ...errors } } },
    async (req) => getProductReport(db, ctxOf(req), req.query),
  );
  app.get(
    '/reports/order-service',
    { config: view('order_service'), schema: { tags, querystring: reportQuery, response: { 200: serviceReportSchema, ...errors } } },
    async (req) => getServiceReport(db, ctxOf(req), req.query),
  );
  app.get(
    '/reports/daily',
    { config: view('DailyReport'), schema: { tags, querystring: dailyReportQuery, response: { 200: dailyReportSchema, ...errors } } },
    async (req) => getDailyReport(db, ctxOf(req), req.query),
  );
  app.get(
    '/reports/monthly',
    { config: view('MonthlyReport'), schema: { tags, querystring: monthlyReportQuery, response: { 200: monthlyReportSchema, ...errors } } },
    async (req) => getMonthlyReport(db, ctxOf(req), req.query),
  );
  // The same reports as PDF, for the file or the printer (issue 11).
  const pdfAnswer = { 200: z.string().describe('application/pdf bytes'), ...errors };
  app.get(
    '/reports/daily.pdf',
    { config: view('DailyReport'), schema: { tags, querystring: dailyReportQuery, response: pdfAnswer } },
    async (req, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', inlinePdf(`daily-${req.query.date}.pdf`))
        .send((await printDailyReport(db, ctxOf(req), req.query, localeOf(req))) as unknown as string),
  );
  app.get(
    '/reports/monthly.pdf',
    { config: view('MonthlyReport'), schema: { tags, querystring: monthlyReportQuery, response: pdfAnswer } },
    async (req, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', inlinePdf(`monthly-${req.query.month}.pdf`))
        .send((await printMonthlyReport(db, ctxOf(req), req.query, localeOf(req))) as unknown as string),
  );
  // The delivery person filter of every report screen.
  app.get(
    '/reports/delivery-persons',
    {
      config: { permission: { anyOf: REPORT_SCREENS.map((screen) => ({ screen, action: 'view' as const })) } },
      schema: { tags, querystring: deliveryPersonOptionQuery, response: { 200: deliveryPersonOptionList, ...errors } },
    },
    async (req) => listDeliveryPersonOptions(db, ctxOf(req), req.query.storeId),
  );
};
