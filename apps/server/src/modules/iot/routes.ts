import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  alertListQuery,
  createDeviceBody,
  deviceReadingSchema,
  deviceListQuery,
  errorBody,
  fieldErrors,
  idParam,
  idSchema,
  installDeviceBody,
  nearbyBody,
  provisionDevicesBody,
  readingsBody,
  readingsQuery,
  recycleDeviceBody,
  residualListQuery,
  storeDeviceListQuery,
  transferDeviceBody,
  translate,
  uninstallDeviceBody,
  updateDeviceBody,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { localeOf, t } from '../../platform/i18n.js';
import { storeGroups, stores } from '../../platform/platform.schema.js';
import { parseReading } from '../../iot/device-auth.js';
import { OverloadedError } from '../../iot/pipeline.js';
import { installIotRuntime } from '../../iot/runtime.js';
import type { Module, ModuleOptions } from '../index.js';
import { seedIotDemo } from './demo.js';
import {
  createDevice,
  getDevice,
  listDevices,
  listTransfers,
  provisionDevices,
  recycleDevice,
  rotateDeviceSecret,
  transferDevice,
  updateDevice,
} from './devices.js';
import { listRawReadings } from './raw-readings.js';
import { nearbyDisabled } from './nearby.js';
import { suggestOrderFromAlert } from './suggest-order.js';
import { getResidualDetail, listAlerts, listReadings, listResidualGas } from './residual-gas.js';
import { installDevice, listStoreDevices, lookupCustomers, uninstallDevice } from './store-devices.js';

const DEVICE_AUTH = /^Device\s+([A-Za-z0-9_.:-]{1,64}):(\S{1,256})$/i;

export const READINGS_ROUTE_DESCRIPTION = [
  'Device ingestion over HTTP (the same payload as MQTT).',
  'Authenticate with `Authorization: Device <deviceId>:<secret>` (the device id is its serial; the secret is shown once when the',
  'device is created or its secret rotated). The body is one reading or an array of up to 1000:',
  '`{"grossGrams": 31250, "battery": 87, "signal": -71, "ts": "2025-01-01T08:00:00Z" | 1735718400000, "seq": 1042}` —',
  'gross weight of cylinder + gas in grams, battery %, signal dBm, device timestamp (ISO 8601 or epoch ms), sequence number.',
  'Idempotent on (device, ts): re-sending is harmless. Answers 200 `{accepted}` once the readings are stored, 401 for bad',
  'credentials, 400 for a malformed payload, 503 when ingestion is overloaded (retry later).',
  'MQTT: connect to the embedded broker with username = device id, password = secret and publish (QoS 1) to',
  '`devices/<deviceId>/readings`; the PUBACK is sent once the readings are stored.',
].join(' ');

const routes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const rt = installIotRuntime(app);
  const tags = ['iot'];
  // Answers are objects described in docs/IOT.md; errors share the platform's error body.
  const errors = { 200: z.looseObject({}), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  // ---- Devices (platform administrator) ----
  app.get(
    '/iot/devices',
    { config: { permission: { screen: 'Device', action: 'view' } }, schema: { tags, querystring: deviceListQuery, response: errors } },
    async (req) => listDevices(db, req.query),
  );
  app.get(
    '/iot/devices/:id',
    { config: { permission: { screen: 'Device', action: 'view' } }, schema: { tags, params: idParam, response: errors } },
    async (req) => getDevice(db, req.params.id),
  );
  app.get(
    '/iot/devices/:id/transfers',
    { config: { permission: { screen: 'Device', action: 'view' } }, schema: { tags, params: idParam, response: errors } },
    async (req) => ({ items: await listTransfers(db, req.params.id) }),
  );
  app.get(
    '/iot/devices/:id/readings',
    {
      config: { permission: { screen: 'Device', action: 'view' } },
      schema: {
        tags,
        description: 'Raw readings of a device between two times (primary-key range scan), newest first, at most `limit`.',
        params: idParam,
        querystring: readingsQuery.extend({ limit: z.coerce.number().int().min(1).max(5000).default(500) }),
        response: errors,
      },
    },
    async (req) => ({ items: await listRawReadings(db, req.params.id, req.query) }),
  );
  app.get(
    '/iot/transfer-targets',
    { config: { permission: { screen: 'Device', action: 'view' } }, schema: { tags, response: errors } },
    async () => {
      const groups = await db.select({ id: storeGroups.id, name: storeGroups.name }).from(storeGroups).where(isNull(storeGroups.deletedAt)).orderBy(asc(storeGroups.name));
      const storeRows = await db
        .select({ id: stores.id, name: stores.name, groupId: stores.groupId })
        .from(stores)
        .where(isNull(stores.deletedAt))
        .orderBy(asc(stores.name));
      return { groups: groups.map((g) => ({ ...g, stores: storeRows.filter((s) => s.groupId === g.id) })) };
    },
  );
  app.post(
    '/iot/devices',
    { config: { permission: { screen: 'Device', action: 'create' } }, schema: { tags, body: createDeviceBody, response: errors } },
    async (req) => ({ ...(await createDevice(db, ctxOf(req), req.body)), detail: t(req, 'feedback.success.added') }),
  );
  app.put(
    '/iot/devices/:id',
    { config: { permission: { screen: 'Device', action: 'edit' } }, schema: { tags, params: idParam, body: updateDeviceBody, response: errors } },
    async (req) => ({ device: await updateDevice(db, ctxOf(req), req.params.id, req.body), detail: t(req, 'feedback.success.edited') }),
  );
  app.post(
    '/iot/devices/:id/transfer',
    { config: { permission: { screen: 'Device', action: 'edit' } }, schema: { tags, params: idParam, body: transferDeviceBody, response: errors } },
    async (req) => ({ device: await transferDevice(db, ctxOf(req), req.params.id, req.body), detail: t(req, 'feedback.success.transfer') }),
  );
  app.post(
    '/iot/devices/:id/recycle',
    { config: { permission: { screen: 'Device', action: 'edit' } }, schema: { tags, params: idParam, body: recycleDeviceBody, response: errors } },
    async (req) => ({ device: await recycleDevice(db, ctxOf(req), req.params.id, req.body), detail: t(req, 'feedback.success.recycle') }),
  );
  app.post(
    '/iot/devices/:id/secret',
    { config: { permission: { screen: 'Device', action: 'edit' } }, schema: { tags, params: idParam, response: errors } },
    async (req) => {
      const out = await rotateDeviceSecret(db, ctxOf(req), req.params.id);
      rt.directory.invalidate(out.serial);
      rt.disconnectDevice(out.serial);
      return { ...out, detail: t(req, 'iot.messages.secretRotated') };
    },
  );
  app.post(
    '/iot/devices/provision',
    {
      config: { permission: 'platformAdmin' },
      schema: { tags, description: 'Creates (or re-keys) N simulated devices transferred to a store, for the device simulator.', body: provisionDevicesBody, response: errors },
    },
    async (req) => {
      const out = await provisionDevices(db, ctxOf(req), req.body);
      for (const d of out.devices) {
        rt.directory.invalidate(d.serial);
        rt.disconnectDevice(d.serial);
      }
      return out;
    },
  );
  app.get('/iot/metrics', { config: { permission: 'platformAdmin' }, schema: { tags, response: errors } }, async () => ({
    mqtt: { mode: rt.mqttMode, port: rt.mqttPort },
    ingestion: rt.pipeline.metrics,
  }));

  // ---- Store devices (install at a customer) ----
  app.get(
    '/iot/store-devices',
    { config: { permission: { screen: 'StoreDevice', action: 'view' } }, schema: { tags, querystring: storeDeviceListQuery, response: errors } },
    async (req) => listStoreDevices(db, ctxOf(req), req.query),
  );
  app.get(
    '/iot/customers',
    {
      config: { permission: { anyOf: [{ screen: 'StoreDevice', action: 'create' }, { screen: 'StoreDevice', action: 'view' }] } },
      schema: { tags, querystring: z.object({ storeId: idSchema, keyword: z.string().trim().max(100).optional() }), response: errors },
    },
    async (req) => ({ items: await lookupCustomers(db, ctxOf(req), req.query) }),
  );
  app.post(
    '/iot/store-devices',
    { config: { permission: { screen: 'StoreDevice', action: 'create' } }, schema: { tags, body: installDeviceBody, response: errors } },
    async (req) => ({ storeDevice: await installDevice(db, ctxOf(req), req.body), detail: t(req, 'feedback.success.installation') }),
  );
  app.post(
    '/iot/store-devices/:id/uninstall',
    { config: { permission: { screen: 'StoreDevice', action: 'edit' } }, schema: { tags, params: idParam, body: uninstallDeviceBody, response: errors } },
    async (req) => ({ storeDevice: await uninstallDevice(db, ctxOf(req), req.params.id, req.body), detail: t(req, 'feedback.success.uninstallation') }),
  );

  // ---- Residual gas, alerts, nearby, dashboard ----
  app.get(
    '/iot/residual-gas',
    { config: { permission: { screen: 'residualGas', action: 'view' } }, schema: { tags, querystring: residualListQuery, response: errors } },
    async (req) => listResidualGas(db, ctxOf(req), req.query),
  );
  app.get(
    '/iot/residual-gas/:id',
    { config: { permission: { screen: 'residualGas', action: 'view' } }, schema: { tags, params: idParam, response: errors } },
    async (req) => getResidualDetail(db, ctxOf(req), req.params.id),
  );
  app.get(
    '/iot/residual-gas/:id/readings',
    { config: { permission: { screen: 'residualGas', action: 'view' } }, schema: { tags, params: idParam, querystring: readingsQuery, response: errors } },
    async (req) => listReadings(db, ctxOf(req), req.params.id, req.query),
  );
  app.get(
    '/iot/alerts',
    {
      config: { permission: { anyOf: [{ screen: 'residualGas', action: 'view' }, { screen: 'Home', action: 'view' }] } },
      schema: { tags, querystring: alertListQuery, response: errors },
    },
    async (req) => listAlerts(db, ctxOf(req), req.query),
  );
  app.post(
    '/iot/alerts/:id/order',
    {
      config: { permission: { screen: 'residualGas', action: 'create' } },
      schema: { tags, description: 'Creates (once per alert) a suggested gas order for the customer of an alert.', params: idParam, response: errors },
    },
    async (req) => ({ ...(await suggestOrderFromAlert(db, ctxOf(req), req.params.id)), detail: t(req, 'feedback.success.added') }),
  );
  app.get(
    '/iot/low-gas',
    {
      config: { permission: { anyOf: [{ screen: 'Home', action: 'view' }, { screen: 'residualGas', action: 'view' }] } },
      schema: {
        tags,
        description: 'Home dashboard: installed devices below LOW_GAS_PERCENT, lowest first.',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10), storeId: idSchema.optional() }),
        response: errors,
      },
    },
    async (req) => {
      const out = await listResidualGas(db, ctxOf(req), { page: 1, pageSize: req.query.limit, storeId: req.query.storeId, lowGas: 'true', sort: 'percent', order: 'asc' });
      return { items: out.items, total: out.total };
    },
  );
  app.post(
    '/store/nearbyDisabled',
    {
      config: { permission: { anyOf: [{ screen: 'residualGas', action: 'view' }, { screen: 'gasRound', action: 'view' }] } },
      schema: {
        tags: ['iot', 'store'],
        description: 'Customers within NEARBY_RADIUS_KM whose residual gas is under LOW_GAS_PERCENT, nearest first. Body: {latitude, longitude} | {customerId} | {orderId}.',
        body: nearbyBody,
        response: errors,
      },
    },
    async (req) => nearbyDisabled(db, ctxOf(req), req.body),
  );

  // ---- Device ingestion (public for the user guard; authenticates the device itself) ----
  app.post(
    '/iot/readings',
    {
      config: { permission: 'public' },
      attachValidation: true,
      schema: {
        tags,
        security: [],
        description: READINGS_ROUTE_DESCRIPTION,
        body: readingsBody,
        response: { 200: z.object({ accepted: z.number().int() }), 400: errorBody, 401: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const header = req.headers.authorization ?? '';
      const m = DEVICE_AUTH.exec(header);
      const deviceId = m ? await rt.directory.verify(m[1]!, m[2]!) : null;
      if (deviceId === null) {
        rt.pipeline.reject('unauthorised', { via: 'http', ip: req.ip, serial: m?.[1] ?? null });
        throw unauthorized('iot.errors.deviceUnauthorised');
      }
      const locale = localeOf(req);
      if (req.validationError) {
        rt.pipeline.reject('malformed', { via: 'http', serial: m![1] });
        // The body is "one reading or an array": re-check against the shape sent, for field-level messages.
        const shape = Array.isArray(req.body) ? z.array(deviceReadingSchema).min(1).max(1000) : deviceReadingSchema;
        const parsed = shape.safeParse(req.body);
        const issues = parsed.success ? [{ code: 'custom', message: 'feedback.validation.invalid', path: [] as PropertyKey[] }] : parsed.error.issues;
        const errs = fieldErrors(issues, locale);
        return reply.status(400).send({ detail: Object.values(errs)[0] ?? translate(locale, 'feedback.error.badRequest'), errors: errs });
      }
      const items = Array.isArray(req.body) ? req.body : [req.body];
      const readings = [];
      for (const [i, item] of items.entries()) {
        const r = parseReading(deviceId, item);
        if (!r) {
          rt.pipeline.reject('malformed', { via: 'http', serial: m![1] });
          throw new AppError(400, 'feedback.validation.invalid', undefined, { [Array.isArray(req.body) ? `${i}.ts` : 'ts']: 'feedback.validation.invalid' });
        }
        readings.push(r);
      }
      try {
        await rt.pipeline.submit(readings);
      } catch (err) {
        if (err instanceof OverloadedError) {
          reply.header('retry-after', '5');
          throw new AppError(503, 'iot.errors.overloaded');
        }
        throw err;
      }
      return { accepted: readings.length };
    },
  );
};

export const iotModule: Module = { name: 'iot', routes, seedDemo: seedIotDemo };
