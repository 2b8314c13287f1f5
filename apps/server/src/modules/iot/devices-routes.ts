import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDeviceBody,
  createdDeviceSchema,
  deviceChangedSchema,
  deviceListQuery,
  devicePage,
  deviceRowSchema,
  deviceSecretSchema,
  deviceTransfersSchema,
  idParam,
  provisionDevicesBody,
  provisionedDevicesSchema,
  rawReadingsSchema,
  readingsQuery,
  recycleDeviceBody,
  transferDeviceBody,
  transferTargetsSchema,
  updateDeviceBody,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import type { IotRuntime } from './ingestion/runtime.js';
import { getDevice, listDevices, listDeviceTransfers, listTransferTargets } from './list-devices.js';
import { listRawReadings } from './list-raw-readings.js';
import { provisionDevices } from './provision-devices.js';
import { errors, tags } from './route-parts.js';
import { createDevice, rotateDeviceSecret, updateDevice } from './save-device.js';
import { recycleDevice, transferDevice } from './transfer-device.js';

const view = { permission: { screen: 'Device', action: 'view' } } as const;
const edit = { permission: { screen: 'Device', action: 'edit' } } as const;

/** Devices: the platform administrator's stock, transfers to stores, secrets, simulated devices. */
export const devicesRoutes: FastifyPluginAsync<{ rt: IotRuntime }> = async (base, { rt }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/iot/devices',
    { config: view, schema: { tags, querystring: deviceListQuery, response: { 200: devicePage, ...errors } } },
    async (req) => listDevices(db, req.query),
  );
  app.get(
    '/iot/devices/:id',
    { config: view, schema: { tags, params: idParam, response: { 200: deviceRowSchema, ...errors } } },
    async (req) => getDevice(db, req.params.id),
  );
  app.get(
    '/iot/devices/:id/transfers',
    { config: view, schema: { tags, params: idParam, response: { 200: deviceTransfersSchema, ...errors } } },
    async (req) => listDeviceTransfers(db, req.params.id),
  );
  app.get(
    '/iot/devices/:id/readings',
    {
      config: view,
      schema: {
        tags,
        description: 'Raw readings of a device between two times (primary-key range scan), newest first, at most `limit`.',
        params: idParam,
        querystring: readingsQuery.extend({ limit: z.coerce.number().int().min(1).max(5000).default(500) }),
        response: { 200: rawReadingsSchema, ...errors },
      },
    },
    async (req) => listRawReadings(db, req.params.id, req.query),
  );
  app.get('/iot/transfer-targets', { config: view, schema: { tags, response: { 200: transferTargetsSchema, ...errors } } }, async () =>
    listTransferTargets(db),
  );
  app.post(
    '/iot/devices',
    {
      config: { permission: { screen: 'Device', action: 'create' } },
      schema: { tags, body: createDeviceBody, response: { 200: createdDeviceSchema, ...errors } },
    },
    async (req) => ({ ...(await createDevice(db, ctxOf(req), req.body)), detail: t(req, 'feedback.success.added') }),
  );
  app.put(
    '/iot/devices/:id',
    { config: edit, schema: { tags, params: idParam, body: updateDeviceBody, response: { 200: deviceChangedSchema, ...errors } } },
    async (req) => ({ device: await updateDevice(db, ctxOf(req), req.params.id, req.body), detail: t(req, 'feedback.success.edited') }),
  );
  app.post(
    '/iot/devices/:id/transfer',
    { config: edit, schema: { tags, params: idParam, body: transferDeviceBody, response: { 200: deviceChangedSchema, ...errors } } },
    async (req) => ({ device: await transferDevice(db, ctxOf(req), req.params.id, req.body), detail: t(req, 'feedback.success.transfer') }),
  );
  app.post(
    '/iot/devices/:id/recycle',
    { config: edit, schema: { tags, params: idParam, body: recycleDeviceBody, response: { 200: deviceChangedSchema, ...errors } } },
    async (req) => ({ device: await recycleDevice(db, ctxOf(req), req.params.id, req.body), detail: t(req, 'feedback.success.recycle') }),
  );
  app.post(
    '/iot/devices/:id/secret',
    { config: edit, schema: { tags, params: idParam, response: { 200: deviceSecretSchema, ...errors } } },
    async (req) => ({
      ...(await rotateDeviceSecret(db, ctxOf(req), req.params.id, rt.revokeDevice)),
      detail: t(req, 'iot.messages.secretRotated'),
    }),
  );
  app.post(
    '/iot/devices/provision',
    {
      config: { permission: 'platformAdmin' },
      schema: {
        tags,
        description: 'Creates (or re-keys) N simulated devices transferred to a store, for the device simulator.',
        body: provisionDevicesBody,
        response: { 200: provisionedDevicesSchema, ...errors },
      },
    },
    async (req) => provisionDevices(db, ctxOf(req), req.body, rt.revokeDevice),
  );
};
