import type { FastifyInstance } from 'fastify';
import type { IotMetrics } from '@gasops/shared';
import type { AppDeps } from '../../../platform/context.js';
import { evaluateAlerts } from './evaluate-alerts.js';
import { externalClientId, startEmbeddedBroker, startExternalSubscriber, type MqttIngest } from './broker.js';
import { DeviceDirectory } from './device-auth.js';
import { IngestPipeline, type PipelineOptions } from './pipeline.js';

/** The IoT machinery of one app instance: ingestion pipeline, device credentials, MQTT, sweeper. */
export type IotRuntime = {
  pipeline: IngestPipeline;
  directory: DeviceDirectory;
  /** The embedded broker's bound port (MQTT_PORT=0 picks a free one), null when not listening. */
  mqttPort: number | null;
  mqttMode: 'embedded' | 'external' | 'off';
  /** Opens/closes offline alerts for every installation (runs every minute). */
  sweep: () => Promise<void>;
  /** After a secret changed: forgets the device's cached credentials and drops its MQTT connection. */
  revokeDevice: (serial: string) => void;
};

const runtimes = new WeakMap<AppDeps, IotRuntime>();

/** The IoT runtime of an app (tests and benchmarks read the MQTT port and metrics from it). */
export function iotRuntime(app: FastifyInstance): IotRuntime {
  const rt = runtimes.get(app.deps);
  if (!rt) throw new Error('IoT module not registered');
  return rt;
}

/** `GET /iot/metrics`: this instance's ingestion counters and MQTT mode. */
export function ingestionMetrics(rt: IotRuntime): IotMetrics {
  return { mqtt: { mode: rt.mqttMode, port: rt.mqttPort }, ingestion: rt.pipeline.metrics };
}

/** Tuning for benchmarks and tests (not part of the operator configuration). */
export const iotTuning: { pipeline: PipelineOptions; shareGroup: string; clientId?: string } = {
  pipeline: {},
  // MQTT_SHARE_GROUP: instances in the same group split the external stream between them.
  shareGroup: process.env.MQTT_SHARE_GROUP || 'gasops',
};

/**
 * Wires the runtime into the app's lifecycle: the broker starts on `onReady` and, on close, stops
 * accepting readings and flushes them on `preClose`, which Fastify runs before every `onClose` hook
 * (the platform closes the database in `onClose`).
 */
export function installIotRuntime(app: FastifyInstance): IotRuntime {
  const { db, config, database } = app.deps;
  const pipeline = new IngestPipeline(db, {
    log: app.log,
    // PostgreSQL: three transactions in flight keep two cores busy (measured with bench/iot.ts);
    // PGlite has one connection.
    concurrency: database.kind === 'postgres' ? 3 : 1,
    ...iotTuning.pipeline,
  });
  const directory = new DeviceDirectory(db);
  let ingest: MqttIngest | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  const rt: IotRuntime = {
    pipeline,
    directory,
    mqttPort: null,
    mqttMode: 'off',
    sweep: () => evaluateAlerts(db, null),
    revokeDevice: (serial) => {
      directory.invalidate(serial);
      ingest?.disconnect(serial);
    },
  };
  runtimes.set(app.deps, rt);

  app.addHook('onReady', async () => {
    if (config.mqttUrl) {
      ingest = await startExternalSubscriber({
        url: config.mqttUrl,
        pipeline,
        directory,
        log: app.log,
        shareGroup: iotTuning.shareGroup,
        connections: config.mqttSubscribers,
        clientId: iotTuning.clientId ?? externalClientId(process.env, config.port),
      });
      rt.mqttMode = 'external';
    } else if (config.mqttEnabled) {
      ingest = await startEmbeddedBroker({ port: config.mqttPort, pipeline, directory, log: app.log });
      rt.mqttPort = ingest.port;
      rt.mqttMode = 'embedded';
    }
    sweeper = setInterval(() => {
      rt.sweep().catch((err: unknown) => app.log.error({ err }, 'iot offline sweep failed'));
    }, 60_000);
    sweeper.unref();
  });
  app.addHook('preClose', async () => {
    if (sweeper) clearInterval(sweeper);
    sweeper = null;
    if (ingest) await ingest.close().catch((err: unknown) => app.log.error({ err }, 'closing MQTT failed'));
    ingest = null;
    await pipeline.close();
  });
  return rt;
}
