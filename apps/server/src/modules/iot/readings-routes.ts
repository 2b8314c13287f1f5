import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, iotMetricsSchema, readingsAcceptedSchema, readingsBody } from '@gasops/shared';
import { AppError } from '../../platform/errors.js';
import { localeOf } from '../../platform/i18n.js';
import { receiveHttpReadings } from './ingestion/receive-http-readings.js';
import { ingestionMetrics, type IotRuntime } from './ingestion/runtime.js';
import { tags } from './route-parts.js';

const READINGS_ROUTE_DESCRIPTION = [
  'Device ingestion over HTTP (the same payload as MQTT).',
  'Authenticate with `Authorization: Device <deviceId>:<secret>` (the device id is its serial; the secret is shown once when the',
  'device is created or its secret rotated). The body is one reading or an array of up to 1000:',
  '`{"grossGrams": 31250, "battery": 87, "signal": -71, "ts": "2025-01-01T08:00:00Z" | 1735718400000, "seq": 1042}` —',
  'gross weight of cylinder + gas in grams, battery %, signal dBm, device timestamp (ISO 8601 or epoch ms), sequence number.',
  'Idempotent on (device, ts): re-sending is harmless. Answers 200 `{accepted}` once the readings are stored, 401 for bad',
  'credentials, 400 for a malformed payload, 503 when ingestion is overloaded (retry later).',
  'MQTT: connect to the embedded broker with client id = username = device id, password = secret (another client id is',
  'refused with CONNACK 2) and publish (QoS 1) to',
  '`devices/<deviceId>/readings`; the PUBACK is sent once the readings are stored.',
].join(' ');

/** Device ingestion over HTTP and this instance's ingestion metrics. */
export const readingsRoutes: FastifyPluginAsync<{ rt: IotRuntime }> = async (base, { rt }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/iot/metrics',
    { config: { permission: 'platformAdmin' }, schema: { tags, response: { 200: iotMetricsSchema, 401: errorBody, 403: errorBody } } },
    async () => ingestionMetrics(rt),
  );

  // Public for the user guard: the route authenticates the device itself.
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
        response: { 200: readingsAcceptedSchema, 400: errorBody, 401: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const out = await receiveHttpReadings(rt, {
        authorization: req.headers.authorization,
        ip: req.ip,
        body: req.body,
        bodyValid: !req.validationError,
        locale: localeOf(req),
      });
      if (out.kind === 'invalid') return reply.status(400).send(out.error);
      if (out.kind === 'overloaded') {
        reply.header('retry-after', '5');
        throw new AppError(503, 'iot.errors.overloaded');
      }
      return { accepted: out.accepted };
    },
  );
};
