import type { Module } from '../../platform/module.js';
import { seedLineDemo } from './demo.js';
import { lineRoutes } from './routes.js';

/**
 * Customer service over LINE (issue 15, docs/LINE.md): channel settings, the webhook, chat rooms, FAQ
 * auto-replies, contacts and replies. Nothing is exported for other modules yet.
 */
export const lineModule: Module = { name: 'line', routes: lineRoutes, seedDemo: seedLineDemo };
