import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, SCREENS } from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { menuHistory } from '../../platform/platform.schema.js';
import type { Module, ModuleOptions } from '../index.js';

const routes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  // Screens opened (MenuHistory): the web app reports each route change.
  app.post(
    '/system/menu-history',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        body: z.object({ screen: z.enum(SCREENS as [string, ...string[]]), path: z.string().max(500).optional() }),
        response: { 204: z.null(), 400: errorBody },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await db.insert(menuHistory).values({
        userId: ctx.user.id,
        account: ctx.user.account,
        groupId: ctx.user.groupId,
        screen: req.body.screen,
        path: req.body.path ?? null,
      });
      return reply.status(204).send(null);
    },
  );
};

export const systemModule: Module = { name: 'system', routes };
