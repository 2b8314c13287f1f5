import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  idSchema,
  installationChangedSchema,
  installDeviceBody,
  iotCustomersSchema,
  storeDeviceListQuery,
  storeDevicePage,
  uninstallDeviceBody,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import { installDevice, uninstallDevice } from './install-device.js';
import { listInstallCustomers, listStoreDevices } from './list-store-devices.js';
import { errors, tags } from './route-parts.js';

/** Store devices: a store's transferred devices and their installation at customers. */
export const storeDevicesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/iot/store-devices',
    {
      config: { permission: { screen: 'StoreDevice', action: 'view' } },
      schema: { tags, querystring: storeDeviceListQuery, response: { 200: storeDevicePage, ...errors } },
    },
    async (req) => listStoreDevices(db, ctxOf(req), req.query),
  );
  app.get(
    '/iot/customers',
    {
      config: {
        permission: {
          anyOf: [
            { screen: 'StoreDevice', action: 'create' },
            { screen: 'StoreDevice', action: 'view' },
          ],
        },
      },
      schema: {
        tags,
        querystring: z.object({ storeId: idSchema, keyword: z.string().trim().max(100).optional() }),
        response: { 200: iotCustomersSchema, ...errors },
      },
    },
    async (req) => listInstallCustomers(db, ctxOf(req), req.query),
  );
  app.post(
    '/iot/store-devices',
    {
      config: { permission: { screen: 'StoreDevice', action: 'create' } },
      schema: { tags, body: installDeviceBody, response: { 200: installationChangedSchema, ...errors } },
    },
    async (req) => ({ storeDevice: await installDevice(db, ctxOf(req), req.body), detail: t(req, 'feedback.success.installation') }),
  );
  app.post(
    '/iot/store-devices/:id/uninstall',
    {
      config: { permission: { screen: 'StoreDevice', action: 'edit' } },
      schema: { tags, params: idParam, body: uninstallDeviceBody, response: { 200: installationChangedSchema, ...errors } },
    },
    async (req) => ({
      storeDevice: await uninstallDevice(db, ctxOf(req), req.params.id, req.body),
      detail: t(req, 'feedback.success.uninstallation'),
    }),
  );
};
