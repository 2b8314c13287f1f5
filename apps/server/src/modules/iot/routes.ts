import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../../platform/module.js';
import { devicesRoutes } from './devices-routes.js';
import { installIotRuntime } from './ingestion/runtime.js';
import { readingsRoutes } from './readings-routes.js';
import { residualGasRoutes } from './residual-gas-routes.js';
import { storeDevicesRoutes } from './store-devices-routes.js';

/** The IoT API by resource; the ingestion runtime (pipeline, MQTT, sweeper) starts with it. */
export const iotRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  const rt = installIotRuntime(app);
  await app.register(devicesRoutes, { rt });
  await app.register(storeDevicesRoutes);
  await app.register(residualGasRoutes);
  await app.register(readingsRoutes, { rt });
};
