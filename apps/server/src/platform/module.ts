import type { FastifyPluginAsync } from 'fastify';
import type { TokenService } from './auth.js';
import type { DemoSeed } from './demo.js';

export type ModuleOptions = { tokens: TokenService };

/**
 * A domain module as the app mounts it: its routes (under /api) and, optionally, its demo data.
 * Each module declares one in its index.ts; modules/index.ts lists them in dependency order.
 */
export type Module = {
  name: string;
  routes: FastifyPluginAsync<ModuleOptions>;
  /** Adds this module's demo records; runs in the demo transaction after the modules before it. */
  seedDemo?: DemoSeed;
};
