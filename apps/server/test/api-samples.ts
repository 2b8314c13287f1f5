import type { FastifyInstance } from 'fastify';

/**
 * Plausible requests for any route, built from the app's own OpenAPI document: the enumeration
 * tests (security.test.ts, control-chars.test.ts) send them to every route a module registers.
 */
export type Route = { method: string; url: string };

/** Every /api route (the docs UI aside), without Fastify's HEAD/OPTIONS twins. */
export const apiRoutes = (app: FastifyInstance): Route[] =>
  app.routeRegistry.filter(
    (r) => r.url.startsWith('/api') && r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs'),
  );

export const fillPath = (url: string, id: number | string) => url.replace(/:(\w+)\??/g, () => String(id));

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
};

/** A plausible value for a schema, with every id-like field set to `id` (another tenant's row). */
export function sample(schema: JsonSchema | undefined, name: string, id: number, depth = 0): unknown {
  if (!schema || depth > 6) return id;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], name, id, depth + 1);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], name, id, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, k, id, depth + 1)]));
    case 'array':
      return [sample(schema.items, name.replace(/s$/, ''), id, depth + 1)];
    case 'integer':
    case 'number':
      return /id$/i.test(name) ? id : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string': {
      if (/id$/i.test(name)) return String(id);
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T02:00:00.000Z';
      if (schema.format === 'email') return 'probe@example.com';
      if (schema.pattern?.includes('\\d{8}')) return '04595257';
      return 'probe'.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return id;
  }
}

export type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
      }
    >
  >;
};

/** The OpenAPI operation of a registered route. */
export function operationOf(spec: OpenApi, route: Route) {
  const oaPath = route.url.replace(/:(\w+)\??/g, '{$1}');
  return spec.paths[oaPath]?.[route.method.toLowerCase()];
}

/** A plausible request for a route: its query string parameters and body sampled from its schemas. */
export function sampleRequest(spec: OpenApi, route: Route, id: number) {
  const op = operationOf(spec, route);
  const query: Record<string, string> = {};
  for (const p of op?.parameters ?? []) {
    if (p.in === 'query') query[p.name] = String(sample(p.schema, p.name, id));
  }
  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? sample(bodySchema, 'body', id) : undefined;
  return { query, body };
}

export const withQuery = (url: string, query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString();
  return `${url}${qs ? `?${qs}` : ''}`;
};

export function requestFor(spec: OpenApi, route: Route, id: number) {
  const { query, body } = sampleRequest(spec, route, id);
  return { url: withQuery(fillPath(route.url, id), query), body };
}
