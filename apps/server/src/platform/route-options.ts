import type { ZodType } from 'zod';
import type { Permission } from './context.js';

/**
 * A routes file's route options, written once: `routeOptions(tags, errors)` gives `route(permission,
 * request, answer)`, the Fastify options of a route with that permission, the request's schemas
 * (`params`, `querystring`, `body`, and a `description` if it has one), `answer` as its 200 and the
 * file's error answers. Routes answering 201/204 or with a config beyond the permission write theirs out.
 */
export function routeOptions<E extends Record<number, ZodType>>(tags: string[], errors: E) {
  return <R extends object, A extends ZodType>(permission: Permission, request: R, answer: A) => ({
    config: { permission },
    schema: { tags, ...request, response: { 200: answer, ...errors } },
  });
}
