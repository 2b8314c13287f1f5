import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, lineWebhookAnswerSchema, lineWebhookParam } from '@gasops/shared';
import { badRequest, unauthorized } from '../../platform/errors.js';
import { lineRuntimeOf } from './line-runtime.js';
import { receiveWebhook } from './receive-webhook.js';

const DESCRIPTION = [
  'The LINE Messaging API webhook of one channel (the URL the channel settings show, to paste into the LINE console).',
  'The `x-line-signature` header must be Base64(HMAC-SHA256(channel secret, raw body)); a missing or wrong one is',
  'answered 401 and nothing is stored. The events are stored (each `webhookEventId` once, redeliveries included) and',
  'answered 200 at once; they are handled after the answer. `{"events": []}` (the console\'s Verify) answers 200.',
].join(' ');

/** POST /line/webhook/:channel: public for the user guard, authenticated by LINE's signature. */
export const webhookRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const runtime = lineRuntimeOf(db, config, app.log);
  // The signature is over the raw bytes: in this plugin only, JSON bodies stay Buffers until checked.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', '*'], { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.addHook('onReady', async () => {
    await runtime.sweep(0);
    runtime.startJobs();
  });
  app.addHook('onClose', async () => {
    await runtime.stopJobs();
    await runtime.whenIdle();
  });

  app.post(
    '/line/webhook/:channel',
    {
      config: { permission: 'public' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['line'],
        security: [],
        description: DESCRIPTION,
        params: lineWebhookParam,
        response: { 200: lineWebhookAnswerSchema, 400: errorBody, 401: errorBody },
      },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['x-line-signature'];
      const out = await receiveWebhook(
        db,
        config,
        req.params.channel,
        raw,
        typeof signature === 'string' ? signature : undefined,
        `${req.protocol}://${req.host}`,
      );
      if (out.kind === 'unauthorized') {
        req.log.warn({ reason: out.reason, ip: req.ip }, 'LINE webhook refused');
        throw unauthorized('feedback.error.unauthenticated');
      }
      if (out.kind === 'malformed') throw badRequest();
      runtime.enqueue(out.events);
      return { received: out.received };
    },
  );
};
