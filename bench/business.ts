/**
 * `npm run bench` — business benchmark on PostgreSQL (not a timed test).
 *
 * 1. Drops and recreates a dedicated database (gasops_bench on DATABASE_URL's server, default
 *    postgres://root@127.0.0.1:5432/test), runs the app's migrations, and generates one large store
 *    group with set-based SQL (INSERT … SELECT generate_series): 200 stores, 3 delivery persons per
 *    store, 200,000 customers, 2,000,000 orders over the last 365 days (product lines on 10 %,
 *    service lines on 2 %, a payment for every posted order), expense items and expenses.
 *    `--scale 0.01` divides every count by 100 for a quick run.
 * 2. Starts the real server (apps/server/src/server.ts, its own process) on 127.0.0.1 and a free
 *    port, signs in as the group's manager (all stores) and measures through the real HTTP routes:
 *    customer search and the order list with 50 concurrent users (each with ~1 s think time,
 *    Poisson arrivals), the same back to back with autocannon at 50 connections (capacity), each
 *    next to the raw SQL rate of its very statements replayed through a bare `pg` pool of the
 *    server's size (captureStatements, rawReplay), the monthly report of the whole store group, the
 *    Home dashboard (one store and the whole group).
 * 3. Prints a Markdown table and writes it to bench/RESULTS.md between the business markers.
 *
 * Loopback only (the database host must be local too) and bounded: every phase has a fixed
 * duration or count, and the whole run aborts after BENCH_MAX_MINUTES (default 60).
 */
import fs from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import { fullMenu, PLATFORM_ONLY_SCREENS, type MenuSetting } from '@gasops/shared';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { customerListQuery, orderListQuery } from '@gasops/shared';
import { listCustomers } from '../apps/server/src/modules/customers/list-customers.js';
import { listOrders } from '../apps/server/src/modules/orders/list-orders.js';
import { hashPassword, loadAuthUser, sessionOf, type TokenClaims } from '../apps/server/src/platform/auth.js';
import type { Ctx } from '../apps/server/src/platform/context.js';
import { openDatabase, type Db } from '../apps/server/src/platform/db.js';
import { migrate } from '../apps/server/src/platform/migrate.js';
import { keepRowsById } from '../apps/server/src/platform/rows-by-id.js';
import { seedParamDefaults } from '../apps/server/src/platform/params.js';
import { writeResultsSection } from './results.js';
import { abortAfterMaxMinutes, freePort } from './harness.js';

const root = path.resolve(import.meta.dirname, '..');
export const BENCH_DB = 'gasops_bench';
export const PASSWORD = 'Bench1234';

export type Args = { scale: number; skipGenerate: boolean; seconds: number };
export function parseArgs(argv: string[]): Args {
  const args: Args = { scale: 1, skipGenerate: false, seconds: 10 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => (a.includes('=') ? a.split('=')[1]! : (argv[++i] ?? ''));
    if (a.startsWith('--scale')) args.scale = Number(value());
    else if (a === '--skip-generate') args.skipGenerate = true;
    else if (a.startsWith('--seconds')) args.seconds = Number(value());
  }
  if (!(args.scale > 0 && args.scale <= 1)) throw new Error('--scale must be in (0, 1]');
  if (!(args.seconds >= 1 && args.seconds <= 60)) throw new Error('--seconds must be 1..60');
  return args;
}

export const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

export async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** The customer searches of 3+ characters the bench asks for (trigram-searchable; bench/search-plans.ts plans them too). */
export const SEARCH_KEYWORDS = ['0912', '林記 1', '民生東路 12', '5521', '陳家 10', '黃宅 3'];

/** The benchmark store group's name (the other suites find the group by it). */
export const GROUP_NAME = 'Bench Gas Group';

/** The bench database's URL on the server of `baseDb`. */
export const benchUrl = (baseDb: string) => {
  const u = new URL(baseDb);
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
};

/** The benchmark group's id in gasops_bench, or null when the database or the group is missing. */
export async function benchGroup(dbUrl: string): Promise<number | null> {
  const c = new pg.Client({ connectionString: dbUrl });
  try {
    await c.connect();
  } catch {
    return null;
  }
  try {
    const r = await c.query(`SELECT id FROM store_groups WHERE name = $1 ORDER BY id LIMIT 1`, [GROUP_NAME]).catch(() => null);
    return (r?.rows[0]?.id as number | undefined) ?? null;
  } finally {
    await c.end();
  }
}

/**
 * The benchmark group in gasops_bench for the other suites: when missing, the database is recreated, migrated
 * and given the business data at `scale` (`made`); else it is migrated to the code's schema (`applied`).
 */
export async function ensureBenchGroup(
  baseDb: string,
  scale: number,
  skipGenerate: boolean,
): Promise<{ dbUrl: string; group: number; made: boolean; applied: string[] }> {
  let dbUrl = benchUrl(baseDb);
  const existing = await benchGroup(dbUrl);
  if (existing !== null) {
    const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '' });
    const applied = await timed('migrations', () => migrate(database));
    if (applied.length) log(`applied ${applied.join(', ')}`);
    await database.close();
    return { dbUrl, group: existing, made: false, applied };
  }
  if (skipGenerate) throw new Error(`--skip-generate: no benchmark group in ${BENCH_DB}; run without it first`);
  dbUrl = await recreateDatabase(baseDb);
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '' });
  await timed('migrations', () => migrate(database));
  await seedParamDefaults(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    log(`generating the benchmark group ${JSON.stringify(businessSizes(scale))}`);
    await generate(client, businessSizes(scale));
  } finally {
    await client.end();
  }
  return { dbUrl, group: (await benchGroup(dbUrl))!, made: true, applied: [] };
}

/** Signs the benchmark manager in: the token, the group's stores and the one the single-store rows use. */
export async function signInBenchManager(baseUrl: string): Promise<{ token: string; storeIds: number[]; store: number }> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'bench_manager', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { token, user } = (await login.json()) as { token: string; user: { stores: { id: number }[] } };
  const storeIds = user.stores.map((s) => s.id);
  return { token, storeIds, store: storeIds[Math.floor(storeIds.length / 2)]! };
}

/** Drops and recreates the bench database; refuses a non-local server. */
export async function recreateDatabase(baseUrl: string): Promise<string> {
  const u = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname)) throw new Error(`refusing non-local database host ${u.hostname}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  await admin.end();
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
}

export type Sizes = { stores: number; customers: number; orders: number; personsPerStore: number };

/** The benchmark group's size at a scale (1: 200 stores, 200,000 customers, 2,000,000 orders). */
export function businessSizes(scale: number): Sizes {
  return {
    stores: Math.max(2, Math.round(200 * scale)),
    customers: Math.max(100, Math.round(200_000 * scale)),
    orders: Math.max(1000, Math.round(2_000_000 * scale)),
    personsPerStore: 3,
  };
}

/** Generates the store group with set-based SQL; returns the manager's account. */
export async function generate(client: pg.Client, sizes: Sizes): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const passwordHash = await hashPassword(PASSWORD);
  const managerMenu = Object.fromEntries(
    Object.entries(fullMenu()).filter(([s]) => !PLATFORM_ONLY_SCREENS.includes(s as never)),
  ) as MenuSetting;

  const group = (
    await q(`INSERT INTO store_groups(name, currency, time_zone) VALUES ($1, 'TWD', 'Asia/Taipei') RETURNING id`, [GROUP_NAME])
  ).rows[0].id as number;
  await q(
    `INSERT INTO stores(group_id, name, customer_gas_price, store_gas_price, latitude, longitude)
     SELECT $1, 'Bench store ' || s, 3600, 3400, 25.0 + s * 0.001, 121.5 + s * 0.001 FROM generate_series(1, $2) s`,
    [group, sizes.stores],
  );
  const role = (
    await q(`INSERT INTO roles(group_id, code, name, menu) VALUES ($1, 'manager', 'Manager', $2) RETURNING id`, [
      group,
      JSON.stringify(managerMenu),
    ])
  ).rows[0].id as number;
  const firstStore = (await q(`SELECT min(id) AS id FROM stores WHERE group_id = $1`, [group])).rows[0].id as number;
  await q(
    `INSERT INTO users(group_id, account, name, password_hash, role_id, all_stores, default_store_id) VALUES ($1, 'bench_manager', 'Bench Manager', $2, $3, true, $4)`,
    [group, passwordHash, role, firstStore],
  );
  // Delivery persons: personsPerStore accounts per store, store k's persons numbered k*P .. k*P+P-1.
  await q(
    `INSERT INTO users(group_id, account, name, password_hash, default_store_id)
     SELECT $1, 'bench_dp_' || i, 'Driver ' || i, $2, $3 + i / $4 FROM generate_series(0, $5 - 1) i`,
    [group, passwordHash, firstStore, sizes.personsPerStore, sizes.stores * sizes.personsPerStore],
  );
  const firstPerson = (await q(`SELECT min(id) AS id FROM users WHERE account LIKE 'bench_dp_%'`)).rows[0].id as number;
  await q(`INSERT INTO delivery_persons(group_id, store_id, user_id) SELECT $1, $2 + i / $3, $4 + i FROM generate_series(0, $5 - 1) i`, [
    group,
    firstStore,
    sizes.personsPerStore,
    firstPerson,
    sizes.stores * sizes.personsPerStore,
  ]);
  // Customers: customer j (1-based) belongs to store (j-1) % S; type cycles through the four types.
  await timed(`customers (${sizes.customers})`, () =>
    q(
      `INSERT INTO customers(group_id, store_id, type, name, address, phone, created_at, in_arrears)
       SELECT $1, $2 + (j - 1) % $3,
              (ARRAY['residential','residential','store','monthly_count','monthly_meter'])[1 + j % 5],
              (ARRAY['陳','林','黃','張','李','王','吳','劉','蔡','楊'])[1 + j % 10] || (ARRAY['家','記','氏','宅','號'])[1 + (j / 10) % 5] || ' ' || j,
              '台北市中山區民生東路 ' || (j % 500) || ' 號',
              '09' || lpad(((j::bigint * 7919) % 100000000)::text, 8, '0'),
              now() - interval '2 years', j % 97 = 0
       FROM generate_series(1, $4) j`,
      [group, firstStore, sizes.stores, sizes.customers],
    ),
  );
  const firstCustomer = (await q(`SELECT min(id) AS id FROM customers WHERE group_id = $1`, [group])).rows[0].id as number;
  // Orders in chunks (progress and bounded statements). Order i: customer 1 + (i*7919) % C, its
  // store, a date in the last 365 days, a delivery person of that store; today's and yesterday's
  // orders are still open, 2 % cancelled, the rest completed or payment posted.
  const chunk = 250_000;
  for (let from = 1; from <= sizes.orders; from += chunk) {
    const to = Math.min(sizes.orders, from + chunk - 1);
    await timed(`orders ${from}..${to}`, () =>
      q(
        `INSERT INTO orders(group_id, store_id, order_no, order_date, customer_id, customer_type, status, delivery_person_id, delivery_at,
                            gas_unit_price, gas_weight_g, gas_amount, residual_gas_g, gas_refund_amount, products_amount, services_amount, total_amount,
                            completed_at, paid_at, created_at)
         SELECT $1, $2 + (c - 1) % $3, 'B' || i, d, $4 + c - 1,
                (ARRAY['residential','residential','store','monthly_count','monthly_meter'])[1 + c % 5],
                st, CASE WHEN st = 'placed' THEN NULL ELSE $5 + ((c - 1) % $3) * $6 + i % $6 END,
                d::timestamp + interval '10 hours',
                3600, w, w * 36 / 10, r, r * 36 / 10, p, sv, w * 36 / 10 - r * 36 / 10 + p + sv,
                CASE WHEN st IN ('completed','payment_posted') THEN d::timestamp + interval '11 hours' END,
                CASE WHEN st = 'payment_posted' THEN d::timestamp + interval '12 hours' END,
                d::timestamp + interval '9 hours'
         FROM (
           SELECT i, c, d, w, r, p, sv,
                  CASE WHEN age < 2 THEN (ARRAY['placed','not_delivered','delivering','completed'])[1 + i % 4]
                       WHEN i % 50 = 0 THEN 'cancelled'
                       WHEN i % 3 = 0 THEN 'completed' ELSE 'payment_posted' END AS st
           FROM (
             SELECT i, (1 + (i::bigint * 7919) % $7)::int AS c, (current_date - (i % 365)) AS d, i % 365 AS age,
                    (ARRAY[16000, 20000, 20000, 50000])[1 + i % 4] AS w, (i % 7) * 300 AS r,
                    CASE WHEN i % 10 = 0 THEN 8000 ELSE 0 END AS p, CASE WHEN i % 50 = 1 THEN 30000 ELSE 0 END AS sv
             FROM generate_series($8::int, $9::int) i
           ) g
         ) o`,
        [group, firstStore, sizes.stores, firstCustomer, firstPerson, sizes.personsPerStore, sizes.customers, from, to],
      ),
    );
  }
  await timed('product lines', () =>
    q(
      `INSERT INTO order_product_lines(order_id, group_id, store_id, product_name, unit_price, quantity, amount)
       SELECT id, group_id, store_id, x.name, x.price, x.qty, x.price * x.qty
       FROM orders, LATERAL (VALUES ('Regulator', 5000, 1), ('Hose', 1500, 2)) AS x(name, price, qty)
       WHERE group_id = $1 AND products_amount > 0`,
      [group],
    ),
  );
  await timed('service lines', () =>
    q(
      `INSERT INTO order_service_lines(order_id, group_id, store_id, content, amount)
       SELECT id, group_id, store_id, 'Safety check', services_amount FROM orders WHERE group_id = $1 AND services_amount > 0`,
      [group],
    ),
  );
  await timed('payments', () =>
    q(
      `INSERT INTO payments(group_id, store_id, customer_id, order_id, posting_date, payment_type, cash_amount, bill_amount)
       SELECT group_id, store_id, customer_id, id, order_date,
              CASE WHEN customer_type LIKE 'monthly%' THEN 'bill' ELSE 'cash' END,
              CASE WHEN customer_type LIKE 'monthly%' THEN 0 ELSE total_amount END,
              CASE WHEN customer_type LIKE 'monthly%' THEN total_amount ELSE 0 END
       FROM orders WHERE group_id = $1 AND status = 'payment_posted'`,
      [group],
    ),
  );
  await timed('expenses', async () => {
    await q(
      `INSERT INTO expense_items(group_id, store_id, name, type)
       SELECT $1, s.id, x.name, x.type FROM stores s, (VALUES ('Rent', 'operating'), ('Wages', 'salary')) AS x(name, type) WHERE s.group_id = $1`,
      [group],
    );
    await q(
      `INSERT INTO expenses(group_id, store_id, expense_date, item_id, type, amount)
       SELECT e.group_id, e.store_id, current_date - d, e.id, e.type, 100000 + d * 10 FROM expense_items e, generate_series(0, 364, 7) d WHERE e.group_id = $1`,
      [group],
    );
  });
  await timed('VACUUM ANALYZE', () => q('VACUUM ANALYZE'));
}

export type Measure = {
  name: string;
  target: string;
  connections: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  errors: number;
};

/** A row's figures from its answered requests' latencies (ms), its failures and how long it ran (s). */
export function measureOf(
  name: string,
  target: string,
  connections: number,
  latencies: number[],
  errors: number,
  seconds: number,
): Measure {
  latencies.sort((a, b) => a - b);
  const pick = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
  return {
    name,
    target,
    connections,
    requests: latencies.length + errors,
    p50: pick(0.5),
    p99: pick(0.99),
    max: Math.round(latencies[latencies.length - 1] ?? 0),
    rps: Math.round((latencies.length + errors) / seconds),
    errors,
  };
}

async function load(
  name: string,
  target: string,
  baseUrl: string,
  token: string,
  paths: string[],
  connections: number,
  seconds: number,
  /** Requests per second per connection: a user with think time (unset = back-to-back, a saturation test). */
  perUserRate?: number,
): Promise<Measure> {
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    ...(perUserRate ? { connectionRate: perUserRate } : {}),
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
  });
  const m: Measure = {
    name,
    target,
    connections,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
  log(`${name}: p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms, ${m.rps} req/s, ${m.errors} errors`);
  return m;
}

/**
 * Concurrent users with think time: each of `count` users waits a random offset within the first
 * second, then loops request → think, the think time drawn from an exponential distribution with a
 * mean of `thinkMs` (Poisson arrivals, the usual model of independent people at their screens).
 * Each user keeps one keep-alive connection. Latency = request start → body received. Before the
 * users start (not measured): each path once, then one request per user at once.
 */
export async function users(
  name: string,
  target: string,
  baseUrl: string,
  token: string,
  paths: string[],
  count: number,
  seconds: number,
  thinkMs = 1000,
): Promise<Measure> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  const url = new URL(baseUrl);
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  // Set once the warm-up is over: a warm-up that outlasts `seconds` must not leave the row unmeasured.
  let end = Infinity;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const get = (p: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: url.hostname, port: url.port, path: p, agent, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    });
  const user = async () => {
    await sleep(Math.random() * thinkMs);
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const status = await get(paths[n++ % paths.length]!);
        if (status >= 400) errors++;
        else latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
      await sleep(-Math.log(1 - Math.random()) * thinkMs);
    }
  };
  // Steady state, not a cold start: each path once beforehand (its pages read from disk), then one
  // request per user at once (the server's database pool opens its connections, and each new
  // PostgreSQL session loads its catalog caches on its first statements).
  for (const p of paths) await get(p);
  await Promise.all(Array.from({ length: count }, (_, i) => get(paths[i % paths.length]!)));
  end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: count }, user));
  agent.destroy();
  const m = measureOf(name, target, count, latencies, errors, seconds);
  log(`${name}: p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms, ${m.rps} req/s, ${m.errors} errors`);
  return m;
}

/** Serial calls of one URL: the latency a single manager sees (after one warm-up call). */
export async function serial(name: string, target: string, baseUrl: string, token: string, url: string, times: number): Promise<Measure> {
  const call = async () => {
    const t0 = performance.now();
    const res = await fetch(baseUrl + url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return performance.now() - t0;
  };
  await call();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) ms.push(await call());
  ms.sort((a, b) => a - b);
  const pick = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!);
  const m: Measure = {
    name,
    target,
    connections: 1,
    requests: times,
    p50: pick(0.5),
    p99: pick(0.99),
    max: Math.round(ms[ms.length - 1]!),
    rps: 0,
    errors: 0,
  };
  log(`${name}: p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms`);
  return m;
}

/** CPU time (user + system, ms) of a process from /proc/<pid>/stat (Linux, 100 ticks a second); 0 if unreadable. */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time (ms) of the PostgreSQL sessions of the bench database (process titles "postgres: … gasops_bench …"). */
function databaseCpuMs(): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^[0-9]+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${BENCH_DB} `)) out.set(Number(pid), processCpuMs(Number(pid)));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** CPU milliseconds a request, in a client process and in PostgreSQL (see `cpuMeter`). */
export type CpuPerRequest = { clientCpu: number; dbCpu: number };

/**
 * Starts measuring the CPU time spent by a client process (the server, or this process for the raw
 * replay) and by PostgreSQL's sessions of the bench database; the answered function stops it and
 * divides by the requests served. Unlike req/s, not much swayed by what else the machine runs
 * (other engineers' tests share these 2 cores). Sessions must still be open when it stops.
 */
export function cpuMeter(clientPid: number): (requests: number) => CpuPerRequest {
  const self = clientPid === process.pid;
  const client0 = process.cpuUsage();
  const clientMs0 = processCpuMs(clientPid);
  const db0 = databaseCpuMs();
  return (requests) => {
    const u = process.cpuUsage(client0);
    const clientMs = self ? (u.user + u.system) / 1000 : processCpuMs(clientPid) - clientMs0;
    let dbMs = 0;
    for (const [pid, ms] of databaseCpuMs()) dbMs += ms - (db0.get(pid) ?? 0);
    const per = (ms: number) => (requests > 0 ? Math.round((ms / requests) * 100) / 100 : 0);
    return { clientCpu: per(clientMs), dbCpu: per(dbMs) };
  };
}

/** `fn`'s measure with the CPU time a request of the server process and of PostgreSQL. */
async function withServerCpu(serverPid: number, fn: () => Promise<Measure>): Promise<Measure & CpuPerRequest> {
  const stop = cpuMeter(serverPid);
  const m = await fn();
  const cpu = stop(m.requests);
  log(`${m.name}: ${cpu.clientCpu} ms CPU a request in the server, ${cpu.dbCpu} ms in PostgreSQL`);
  return { ...m, ...cpu };
}

/** One SQL statement as the server sends it to PostgreSQL. */
export type Statement = { text: string; values: unknown[] };

/**
 * The statements the server runs for each list path, for the raw-SQL replay: the list's service
 * (the route's own function) is called here with the signed-in user of `token` and a Drizzle handle
 * whose logger records every statement it sends. The signed-in user is not among them (the server
 * caches it between requests, apps/server/src/platform/auth-cache.ts).
 */
export async function captureStatements(dbUrl: string, token: string, paths: string[]): Promise<Statement[][]> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1, options: '-c jit=off' });
  let captured: Statement[] = [];
  const db = drizzlePg(pool, { logger: { logQuery: (text, values) => void captured.push({ text, values }) } }) as unknown as Db;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
    const session = await loadAuthUser(db, sessionOf(claims));
    if (!session) throw new Error('capture: the token has no user');
    // As a warm server sends them: the stores' and categories' rows already kept (platform/rows-by-id.ts).
    keepRowsById(db);
    const out: Statement[][] = [];
    for (const p of [...paths, ...paths]) {
      const url = new URL(p, 'http://127.0.0.1');
      const query = Object.fromEntries(url.searchParams);
      const ctx: Ctx = {
        user: session.user,
        locale: 'en-US',
        ip: '127.0.0.1',
        method: 'GET',
        path: url.pathname,
        screen: null,
        action: null,
        audited: { count: 0 },
        storeScope: null,
      };
      captured = [];
      if (url.pathname === '/api/orders') await listOrders(db, ctx, orderListQuery.parse(query));
      else if (url.pathname === '/api/customers') await listCustomers(db, ctx, customerListQuery.parse(query));
      else throw new Error(`capture: no service for ${url.pathname}`);
      out.push(captured);
    }
    return out.slice(paths.length);
  } finally {
    await pool.end();
  }
}

/** The server's database pool size (apps/server/src/platform/db.ts): the raw replay uses as many connections. */
export const SERVER_POOL_SIZE = 20;

/**
 * The raw SQL rate of a list: `connections` workers back to back (no think time), each request
 * being the list's statements (`captureStatements`) sent one after the other through a bare `pg`
 * pool of the server's size, the same way the server sends them (unnamed statements, one pool
 * checkout each). Rows are read and dropped. Bounded: `seconds`.
 */
export async function rawReplay(
  name: string,
  dbUrl: string,
  requests: Statement[][],
  connections: number,
  seconds: number,
  /** Send each distinct statement as a named prepared statement (PostgreSQL's plan cache: a generic plan after 5 runs). */
  prepared = false,
): Promise<Measure & CpuPerRequest> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: SERVER_POOL_SIZE, options: '-c jit=off' });
  const names = new Map<string, string>();
  const nameOf = (text: string) => names.get(text) ?? (names.set(text, `bench_${names.size}`), names.get(text)!);
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const run = async (statements: Statement[]) => {
    for (const st of statements)
      await pool.query({ text: st.text, values: st.values, rowMode: 'array', ...(prepared ? { name: nameOf(st.text) } : {}) });
  };
  try {
    // Warm: every connection open (and its catalog caches loaded), as for the HTTP rows.
    await Promise.all(Array.from({ length: connections }, (_, i) => run(requests[i % requests.length]!)));
    const stop = cpuMeter(process.pid);
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          await run(requests[n++ % requests.length]!);
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = stop(latencies.length + errors);
    latencies.sort((a, b) => a - b);
    const pick = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
    const m: Measure & CpuPerRequest = {
      ...cpu,
      name,
      target: 'raw SQL',
      connections,
      requests: latencies.length + errors,
      p50: pick(0.5),
      p99: pick(0.99),
      max: Math.round(latencies[latencies.length - 1] ?? 0),
      rps: Math.round(latencies.length / elapsed),
      errors,
    };
    log(`${name}: p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms, ${m.rps} req/s, ${m.errors} errors`);
    log(`${name}: ${cpu.clientCpu} ms CPU a request in the bench process, ${cpu.dbCpu} ms in PostgreSQL`);
    return m;
  } finally {
    await pool.end();
  }
}

/**
 * The checkout whose server the bench starts: this one, or BENCH_SERVER_ROOT (another checkout with its own
 * node_modules, e.g. an older commit for a before/after comparison under the same harness and data).
 */
const serverRoot = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : root;

/** Starts apps/server/src/server.ts against the bench database and waits for /api/health. */
export async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(serverRoot, 'apps/server/src/server.ts')], {
    cwd: serverRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      MQTT_ENABLED: 'false',
      WEB_DIST: '/nonexistent-web-dist',
      LOGIN_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Bench-admin-1234',
    },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 60 s');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function runBusinessBench(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const guard = abortAfterMaxMinutes();

  const baseDb = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
  const sizes = businessSizes(args.scale);
  const started = new Date();
  let dbUrl: string;
  if (args.skipGenerate) {
    const u = new URL(baseDb);
    u.pathname = `/${BENCH_DB}`;
    dbUrl = u.toString();
  } else {
    dbUrl = await recreateDatabase(baseDb);
    log(`database ${BENCH_DB} recreated; generating ${JSON.stringify(sizes)}`);
  }
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '' });
  const genStart = performance.now();
  // Also with --skip-generate: indexes added by later migrations apply to the existing data.
  const applied = await timed('migrations', () => migrate(database));
  if (args.skipGenerate && applied.length > 0) {
    // As an operator would after an upgrade that rewrites tables: statistics and the visibility map
    // (index-only scans) are current again. A generated database is vacuumed at its end.
    log(`applied ${applied.join(', ')}`);
    await timed('VACUUM ANALYZE', () => database.exec('VACUUM ANALYZE'));
  }
  if (!args.skipGenerate) {
    await seedParamDefaults(database.db);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      await generate(client, sizes);
    } finally {
      await client.end();
    }
  }
  const generationSeconds = (performance.now() - genStart) / 1000;
  // Bound every statement: a request abandoned by the load generator must not keep the server busy.
  {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query(`ALTER DATABASE ${BENCH_DB} SET statement_timeout = '15s'`);
    await c.end();
  }

  await database.close();

  // The server runs in its own process (`npm start`'s entry point), as in production: the load
  // generator in this process does not share its event loop.
  const port = await freePort();
  const server = await startServer(dbUrl, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const results: Measure[] = [];
  type WithCpu = Measure & CpuPerRequest;
  const throughput: { label: string; api: WithCpu; raw: WithCpu; rawPrepared: number; statements: number }[] = [];
  try {
    const { token, store } = await signInBenchManager(baseUrl);
    const month = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 7);
    const s = args.seconds;

    // Warm the pool and caches once so the first measured requests are not cold starts.
    await serial('warm-up', '', baseUrl, token, `/api/customers?keyword=${encodeURIComponent('陳家')}`, 3);

    // Keywords of 3+ characters can use the trigram indexes; 2-character Chinese names cannot (no full trigram).
    const q = (k: string) => `/api/customers?keyword=${encodeURIComponent(k)}&pageSize=20`;
    const searches = SEARCH_KEYWORDS.map(q);
    const shortSearches = ['陳家', '王宅', '林記'].map(q);
    const orderPages = [1, 2, 3, 4, 5].map((p) => `/api/orders?storeId=${store}&page=${p}&pageSize=20`);
    const groupOrderPages = [1, 2, 3].map((p) => `/api/orders?page=${p}&pageSize=20`);
    const inStore = (list: string[]) => list.map((p) => `${p}&storeId=${store}`);
    const U = 50;
    // BENCH_ROWS=capacity: only the back-to-back rows and their raw SQL (unprepared) replays, for
    // before/after comparisons of the hot lists' CPU a request.
    const capacityOnly = process.env.BENCH_ROWS === 'capacity';
    // 50 concurrent users, each asking every ~1 s (think time): the targets.
    if (!capacityOnly) {
      results.push(await users('Customer search, 3+ chars (whole group)', 'p99 < 50 ms', baseUrl, token, searches, U, s));
      results.push(await users('Customer search, 3+ chars (one store)', 'p99 < 50 ms', baseUrl, token, inStore(searches), U, s));
      results.push(await users('Customer search, 2-char name (whole group)', 'p99 < 50 ms', baseUrl, token, shortSearches, U, s));
      results.push(await users('Customer search, 2-char name (one store)', 'p99 < 50 ms', baseUrl, token, inStore(shortSearches), U, s));
      results.push(await users('Order list, one store', 'p99 < 50 ms', baseUrl, token, orderPages, U, s));
      results.push(await users('Order list, whole group', 'p99 < 50 ms', baseUrl, token, groupOrderPages, U, s));
    }
    // Saturation: 50 connections back to back, no think time (the server's capacity, not a user's
    // wait), each list right after the raw SQL rate of its very statements through a bare pool.
    for (const [label, paths] of [
      ['Customer search, 3+ chars (whole group)', searches],
      ['Order list, one store', orderPages],
      ['Order list, whole group', groupOrderPages],
    ] as const) {
      // Unmeasured first: a server's first seconds under load compile its code and warm PostgreSQL's
      // sessions (the search measured 180–270 req/s in them against 360–430 after, on the same server).
      await load(`${label}, warm-up`, 'not measured', baseUrl, token, [...paths], U, Math.min(5, s));
      const api = await withServerCpu(server.pid!, () => load(`${label}, back to back`, 'capacity', baseUrl, token, [...paths], U, s));
      const statements = await captureStatements(dbUrl, token, [...paths]);
      const rawName = `${label}, raw SQL (bare pg pool of ${SERVER_POOL_SIZE})`;
      const raw = await rawReplay(rawName, dbUrl, statements, U, s);
      const rawPrepared = capacityOnly
        ? null
        : await rawReplay(`${label}, raw SQL prepared (bare pg pool of ${SERVER_POOL_SIZE})`, dbUrl, statements, U, s, true);
      results.push(api, raw, ...(rawPrepared ? [rawPrepared] : []));
      const perRequest = statements.reduce((sum, st) => sum + st.length, 0) / statements.length;
      throughput.push({ label, api, raw, rawPrepared: rawPrepared?.rps ?? 0, statements: perRequest });
    }
    if (!capacityOnly) {
      results.push(await serial('Monthly report, whole store group', '< 1 s', baseUrl, token, `/api/reports/monthly?month=${month}`, 5));
      results.push(
        await serial('Monthly report, one store', '< 1 s', baseUrl, token, `/api/reports/monthly?month=${month}&storeId=${store}`, 10),
      );
      results.push(await serial('Dashboard (Home), one store', '< 200 ms', baseUrl, token, `/api/dashboard?storeId=${store}`, 20));
      results.push(await serial('Dashboard (Home), whole store group', '< 200 ms', baseUrl, token, '/api/dashboard', 10));
    }
  } finally {
    await stopServer(server);
  }

  const counts = `${sizes.stores} stores, ${sizes.customers.toLocaleString('en-US')} customers, ${sizes.orders.toLocaleString('en-US')} orders`;
  const flags = [
    args.scale !== 1 ? `--scale ${args.scale}` : '',
    args.skipGenerate ? '--skip-generate' : '',
    `--seconds ${args.seconds}`,
  ].filter(Boolean);
  const cmd = `npm run bench -- --suite business ${flags.join(' ')}`;
  const lines = [
    `### Business benchmark (${counts})`,
    '',
    `- Command: \`${cmd}\` (DATABASE_URL=${new URL(baseDb).host}, database ${BENCH_DB}${serverRoot === root ? '' : `; the server of BENCH_SERVER_ROOT=${serverRoot}`})`,
    `- Date: ${started.toISOString()}; machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    args.skipGenerate
      ? '- Data generation: skipped (existing database)'
      : `- Data generation (set-based SQL, incl. VACUUM ANALYZE): ${generationSeconds.toFixed(0)} s`,
    `- Load: the server in its own process (\`apps/server/src/server.ts\`, NODE_ENV=production, LOG_LEVEL=warn) on 127.0.0.1, ${args.seconds} s per row. Rows with a p99 target: 50 concurrent users, each on one keep-alive connection, asking, then thinking for an exponentially distributed time with a 1 s mean (Poisson arrivals), measured in steady state (before the row, not measured: each URL once, then one request per user at once, so the database pool is open and warm). "back to back" rows: autocannon with that many connections and no think time (the server's capacity), after ${Math.min(5, args.seconds)} s of the same load not measured. "raw SQL" rows: the same lists' statements, captured from their services, replayed back to back by 50 workers through a bare \`pg\` pool of the server's size in the bench process ("prepared": as named statements). "serial" rows: one manager's consecutive calls.`,
    `- Machine load average at the end (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
    '',
    '| Scenario | Target | Connections | Requests | p50 ms | p99 ms | max ms | req/s | errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (m) =>
        `| ${m.name} | ${m.target} | ${m.connections === 1 ? '1 (serial)' : m.connections} | ${m.requests} | ${m.p50} | ${m.p99} | ${m.max} | ${m.rps || '–'} | ${m.errors} |`,
    ),
    '',
    `Requests per second at 50 connections, back to back: the API (HTTP on 127.0.0.1, signed in) against the raw SQL rate of the same statements (captured from the list's service, replayed in this process through a bare \`pg\` pool of the server's size, ${SERVER_POOL_SIZE}):`,
    '',
    '| List | statements per request | API req/s | raw SQL req/s | API / raw | raw SQL prepared req/s | CPU ms a request: server / its PostgreSQL | CPU ms a request: bare pg client / its PostgreSQL |',
    '|---|---|---|---|---|---|---|---|',
    ...throughput.map(
      (t) =>
        `| ${t.label} | ${t.statements.toFixed(1)} | ${t.api.rps} | ${t.raw.rps} | ${t.raw.rps ? (t.api.rps / t.raw.rps).toFixed(2) : '–'} | ${t.rawPrepared} | ${t.api.clientCpu} / ${t.api.dbCpu} | ${t.raw.clientCpu} / ${t.raw.dbCpu} |`,
    ),
    '',
  ];
  const table = lines.join('\n');
  console.log(`\n${table}`);
  writeResultsSection('business', table);
  clearTimeout(guard);
}
