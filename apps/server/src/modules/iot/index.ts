import type { Module } from '../../platform/module.js';
import { seedIotDemo } from './demo.js';
import { iotRoutes } from './routes.js';

/** The iot module: what the app mounts. Other modules use only what this file exports (and iot.schema.ts). */
export const iotModule: Module = { name: 'iot', routes: iotRoutes, seedDemo: seedIotDemo };

// The ingestion runtime of an app, for the benchmarks (bench/iot.ts): its metrics, MQTT port and tuning.
export { iotRuntime, iotTuning } from './ingestion/runtime.js';
export type { Reading } from './ingestion/write-batch.js';
