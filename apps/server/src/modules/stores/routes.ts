import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultStoreSchema, errorBody, idSchema } from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import type { Module, ModuleOptions } from '../index.js';
import { getDefaultStore, setDefaultStore } from './default-store.js';

const routes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/store/UserDefaultStore',
    { config: { permission: 'authenticated' }, schema: { tags: ['store'], response: { 200: defaultStoreSchema } } },
    async (req) => getDefaultStore(db, ctxOf(req)),
  );

  app.put(
    '/store/UserDefaultStore',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['store'], body: z.object({ storeId: idSchema }), response: { 200: defaultStoreSchema, 400: errorBody, 404: errorBody } },
    },
    async (req) => setDefaultStore(db, ctxOf(req), req.body.storeId),
  );
};

export const storesModule: Module = { name: 'stores', routes };
