import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/platform/demo.js';
import { MODULES } from '../src/modules/index.js';
import { rowsOfResult } from '../src/platform/db.js';
import { apiRoutes, fillPath, operationOf, sampleRequest, withQuery, type OpenApi, type Route } from './api-samples.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db.js';
import { migrate } from '../src/platform/migrate.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Control characters (a NUL byte above all: PostgreSQL cannot store it) in any text a caller sends
 * answer 400 with a message on the field, never 500; and a failed query never logs its parameters
 * (they are customer data).
 */
let t: TestApp;
let spec: OpenApi;
beforeAll(async () => {
  // Many requests to the public routes: their per-address limit is not what this file tests.
  t = await createTestApp({ publicOrderRateLimit: 100_000 });
  await seedDemo(
    t.db,
    MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
  );
  spec = t.app.swagger() as unknown as OpenApi;
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';
const withNul = (v: string) => (v.length > 1 ? `${v.slice(0, 1)}${NUL}${v.slice(1)}` : `${v}${NUL}`);
const CONTROL_MESSAGE = 'Remove the invisible control characters from this text';

/** Paths (a.b.0.c) of every string in a sampled body. */
function stringPaths(value: unknown, at: string[] = []): string[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}
function setAt(value: unknown, path: string[], fn: (v: string) => string): unknown {
  if (path.length === 0) return fn(value as string);
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) return value.map((v, i) => (String(i) === head ? setAt(v, rest, fn) : v));
  return { ...(value as object), [head]: setAt((value as Record<string, unknown>)[head], rest, fn) };
}

type Probe = { route: Route; url: string; body: unknown; field: string };

/** One request per string field of every body, query string and path of every route, with a NUL in that field. */
function probes(): Probe[] {
  const out: Probe[] = [];
  const skip = new Set(['POST /api/auth/logout']);
  for (const route of apiRoutes(t.app)) {
    if (skip.has(`${route.method} ${route.url}`)) continue;
    const { query, body } = sampleRequest(spec, route, 1);
    const path = fillPath(route.url, 1);
    for (const name of Object.keys(query))
      out.push({ route, url: withQuery(path, { ...query, [name]: withNul(query[name]!) }), body, field: name });
    for (const p of stringPaths(body)) out.push({ route, url: withQuery(path, query), body: setAt(body, p, withNul), field: p.join('.') });
    for (const p of operationOf(spec, route)?.parameters ?? []) {
      if (p.in !== 'path' || p.schema?.type !== 'string') continue;
      const url = withQuery(
        route.url.replace(/:(\w+)\??/g, (_m, name: string) => (name === p.name ? encodeURIComponent(withNul('probe')) : '1')),
        query,
      );
      out.push({ route, url, body, field: p.name });
    }
  }
  return out;
}

const send = (route: Route, url: string, body: unknown, lang = 'en-US') =>
  t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { authorization: `Bearer ${t.admin.token}`, 'accept-language': lang },
    payload: body as object | undefined,
  });

describe('control characters in text', () => {
  it('a NUL byte in any field of any route answers 4xx, with a message on that field', async () => {
    const all = probes();
    expect(all.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    // A route whose sample fails validation on another field stops there (and answers 400 about that field).
    const sampleRejected = new Map<string, boolean>();
    for (const { route, url, body, field } of all) {
      const name = `${route.method} ${route.url}`;
      if (!sampleRejected.has(name)) {
        const { query, body: plain } = sampleRequest(spec, route, 1);
        const res = await send(route, withQuery(fillPath(route.url, 1), query), plain);
        sampleRejected.set(name, res.statusCode === 400 && !!res.json<{ errors?: object }>().errors);
      }
      const res = await send(route, url, body);
      const errors = res.statusCode < 500 ? res.json<{ errors?: Record<string, string> }>().errors : undefined;
      if (res.statusCode >= 500) wrong.push(`${name} [${field}] → ${res.statusCode} ${res.body.slice(0, 100)}`);
      else if (res.statusCode === 429) wrong.push(`${name} [${field}] → 429 (rate limited: the sweep cannot judge)`);
      else if (!sampleRejected.get(name) && !errors?.[field])
        wrong.push(`${name} [${field}] → ${res.statusCode} without a message on the field: ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the public order page refuses a NUL byte in each text with a field message in five languages', async () => {
    const stores = (await t.anon.get('/api/public/stores')).json<{ id: number }[]>();
    const order = { storeId: stores[0]!.id, phone: '0912345678', name: 'Lin', address: 'No. 1, Main Rd', cylinderKg: 20, cylinderCount: 1 };
    const expected: Record<string, string> = {
      'zh-TW': '請移除文字中看不見的控制字元',
      'en-US': CONTROL_MESSAGE,
      'zh-CN': '请删除文字中看不见的控制字符',
      'ja-JP': 'テキストから見えない制御文字を削除してください',
      'ms-MY': 'Sila buang aksara kawalan yang tidak kelihatan daripada teks ini',
    };
    for (const field of ['name', 'address', 'remark', 'preferredTime'] as const) {
      for (const [lang, message] of Object.entries(expected)) {
        const res = await t.anon.post('/api/public/orders', { ...order, [field]: `a${NUL}b` }, { headers: { 'accept-language': lang } });
        expect({ field, lang, status: res.statusCode, message: res.json().errors?.[field] }).toEqual({ field, lang, status: 400, message });
      }
    }
    // DEL and the other C0 characters too; a tab and line breaks stay legitimate in text.
    for (const bad of ['\u0001', '\u001b', '\u007f', '\u000b']) {
      const res = await t.anon.post('/api/public/orders', { ...order, remark: `a${bad}b` });
      expect(res.json().errors?.remark).toBe(CONTROL_MESSAGE);
    }
    const ok = await t.anon.post('/api/public/orders', { ...order, remark: 'ring twice\r\n\tthen wait' });
    expect(ok.statusCode).toBe(201);
  });

  it('an order refuses a NUL byte in each text, nested lines included', async () => {
    const [c] = rowsOfResult<{ id: number; store_id: number }>(
      await t.db.execute(sql`select id, store_id from customers order by id limit 1`),
    );
    const order = {
      storeId: c!.store_id,
      customerId: c!.id,
      orderDate: '2026-01-10',
      gasWeightG: 20000,
      deliveryAddress: 'No. 1, Main Rd',
      remark: 'ring twice',
      preferredTime: 'after 5',
      services: [{ content: 'Check the regulator', amount: 100 }],
      cylinders: [{ kind: 'deposit', opDate: '2026-01-10', gas: '20kg', quantity: 1, unitPrice: 1500 }],
    };
    expect((await t.admin.post('/api/orders', order)).statusCode).toBe(201);
    const fields = ['deliveryAddress', 'remark', 'preferredTime', 'services.0.content', 'cylinders.0.gas'];
    for (const field of fields) {
      const body = setAt(order, field.split('.'), withNul);
      const res = await t.admin.post('/api/orders', body);
      expect({ field, status: res.statusCode, message: res.json().errors?.[field] }).toEqual({
        field,
        status: 400,
        message: CONTROL_MESSAGE,
      });
    }
  });

  it('a NUL byte in a search keyword is a field error, not a database error', async () => {
    const res = await t.admin.get(`/api/customers?keyword=${encodeURIComponent(`Li${NUL}n`)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.keyword).toBe(CONTROL_MESSAGE);
  });
});

/** An app whose log goes to `lines`, with one extra route (outside /api) that runs `query`. */
async function appLoggingTo(lines: string[], query: ReturnType<typeof sql>) {
  const database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
  await migrate(database);
  const config = loadConfig({}, { webDist: '/nonexistent-web-dist', mqttEnabled: false, demoData: false });
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  app.get('/probe/query', async () => {
    await database.db.execute(query);
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('failed queries in the log', () => {
  it('a database error the handler cannot map answers 500 and logs the statement, never its parameter values', async () => {
    const lines: string[] = [];
    const secret = 'Customer Secret 0912-345-678';
    // A failure no caller can cause (division by zero) in a statement carrying customer data.
    const app = await appLoggingTo(lines, sql`select ${secret}::text as name, 1 / (${0}::int) as boom`);
    try {
      const res = await app.inject({ method: 'GET', url: '/probe/query' });
      expect(res.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('division by zero');
      expect(log).toContain('select $1::text');
      expect(log).toContain('params: [not logged]');
      expect(log).toMatch(/"stack":"[^"]*\\n {4}at /);
      expect(log).not.toContain('Secret');
      expect(log).not.toContain('0912');
    } finally {
      await app.close();
    }
  });

  it('a database error caused by bad input (a NUL byte) is a 400, and its values stay out of the log', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, sql`select ${`Secret${NUL}Name`}::text as name`);
    try {
      const res = await app.inject({ method: 'GET', url: '/probe/query', headers: { 'accept-language': 'en-US' } });
      expect(res.statusCode).toBe(400);
      expect(lines.join('')).not.toContain('Secret');
    } finally {
      await app.close();
    }
  });
});
