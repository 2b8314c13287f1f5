/**
 * `npm run bench:field` — a phone's day offline, synced: 200 queued field actions through
 * POST /api/field/actions (4 batches of 50, as the phone sends them) against the embedded database
 * (PGlite on disk in a scratch DATA_DIR, as `npm start` runs without DATABASE_URL), with the demo
 * data loaded.
 *
 * The day: 40 deliveries (an order dispatched to the driver; one full cylinder handed over, one
 * empty taken back and weighed, store gas, cash, a 16 KB signature), 40 returns to the store (two
 * cylinders each), 60 refill dispatches and the 60 refills received back. Measured: the wall time
 * of the sync (issue 13: < 10 s), per action, and of the whole queue resent (all duplicates). The
 * results are checked (every action applied, the orders completed) before any figure is printed.
 *
 * Results are printed and written to bench/RESULTS.md (the field section only).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { dateIn, type FieldActionResult } from '@gasops/shared';
import { buildApp } from '../apps/server/src/app.js';
import { bootstrapAdmin } from '../apps/server/src/platform/bootstrap.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/platform/demo.js';
import { migrate } from '../apps/server/src/platform/migrate.js';
import { seedParamDefaults } from '../apps/server/src/platform/params.js';
import { stores } from '../apps/server/src/platform/platform.schema.js';
import { customers } from '../apps/server/src/modules/customers/customers.schema.js';
import { MODULES } from '../apps/server/src/modules/index.js';
import { orders } from '../apps/server/src/modules/orders/orders.schema.js';
import { writeResultsSection, markdownTable } from './results.js';

const DELIVERIES = 40;
const RETURNS = 40;
const REFILLS = 60;
const BATCH = 50;

/** A signature-sized PNG (the server checks the PNG signature bytes; the rest is opaque). */
function signature(bytes = 16_000): string {
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return `data:image/png;base64,${Buffer.concat([head, crypto.randomBytes(bytes)]).toString('base64')}`;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-bench-field-'));
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await migrate(database);
  await seedParamDefaults(database.db);
  const config = loadConfig(
    {},
    { dataDir, webDist: '/nonexistent-web-dist', mqttEnabled: false, demoData: false, adminPassword: 'Admin1234' },
  );
  await bootstrapAdmin(database.db, config);
  await seedDemo(
    database.db,
    MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
  );
  const app = await buildApp({ config, database });
  await app.ready();
  const login = async (account: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account, password: DEMO_PASSWORD } });
    const token = res.json<{ token: string }>().token;
    return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } });
  };
  const manager = await login('manager');
  const driver = await login('driver');
  const must = async (p: ReturnType<typeof manager>, status = 200) => {
    const res = await p;
    if (res.statusCode >= 300 || (status === 201 && res.statusCode !== 201)) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json();
  };

  // ---- the day's data: orders dispatched to the driver, cylinders at their customers and in the store
  const db = database.db;
  const [store] = await db.select().from(stores).orderBy(stores.id).limit(1);
  const today = dateIn('Asia/Taipei');
  const custRows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, store!.id), eq(customers.type, 'residential')))
    .orderBy(customers.id)
    .limit(DELIVERIES);
  // One order per delivery; a customer may have several (a store has about 20 households).
  const customerOf = (i: number) => custRows[i % custRows.length]!;
  const me = await must(driver('GET', '/api/auth/me'));
  const code = (prefix: string, i: number) => `${prefix}1120${String(i).padStart(6, '0')}`;
  const rows = (prefix: string, n: number, fill: 'full' | 'empty') =>
    Array.from({ length: n }, (_, i) => ({
      containerNo: code(prefix, i),
      sizeKg: 20,
      tareG: 15_000 + (i % 9) * 100,
      pressureTestDate: `${Number(today.slice(0, 4)) - 4}-01-15`,
      nextInspectionDeadline: `${Number(today.slice(0, 4)) + 1}-01-15`,
      locationKind: 'store',
      fill,
    }));
  const bulk = (r: unknown[]) => must(manager('POST', '/api/cylinders/bulk', { storeId: store!.id, rows: r }));
  await bulk(rows('FB', DELIVERIES, 'full')); // handed over
  await bulk(rows('EB', DELIVERIES, 'full')); // at the customers, taken back
  await bulk(rows('RB', RETURNS * 2, 'full')); // at the customers, returned at the end of the round
  await bulk(rows('PB', REFILLS, 'empty')); // empties to the filling plant and back
  const site = await must(driver('GET', '/api/field/today'));
  let siteId: number | undefined = site.handlingSites.find((s: { type: string }) => s.type !== 'inspection')?.id;
  if (!siteId) {
    const admin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: 'admin', password: 'Admin1234' } });
    const token = admin.json<{ token: string }>().token;
    const res = await app.inject({
      method: 'POST',
      url: '/api/system/handling-sites',
      payload: { code: 'BENCHFP', name: 'Bench filling plant', type: 'filling' },
      headers: { authorization: `Bearer ${token}` },
    });
    siteId = res.json<{ id: number }>().id;
  }
  const orderIds: number[] = [];
  for (let i = 0; i < DELIVERIES; i++) {
    const c = customerOf(i);
    const o = await must(manager('POST', '/api/orders', { storeId: store!.id, customerId: c.id, orderDate: today, gasWeightG: 20_000 }));
    orderIds.push(o.id);
    await must(
      manager('POST', '/api/cylinders/stock-documents', {
        storeId: store!.id,
        kind: 'sales_out',
        docDate: today,
        customerId: c.id,
        codes: [code('EB', i), code('RB', 2 * i), code('RB', 2 * i + 1)],
      }),
    );
  }
  await must(manager('POST', '/api/orders/dispatch', { orderIds, deliveryPersonId: me.id, deliveryAt: new Date().toISOString() }));

  // ---- the queue, as the phone made it during the day
  const at = (minutes: number) => new Date(Date.now() - (600 - minutes) * 60_000).toISOString();
  const action = (kind: string, payload: unknown, minutes: number) => ({ id: crypto.randomUUID(), kind, deviceTime: at(minutes), payload });
  const queue = [
    ...orderIds.map((orderId, i) =>
      action(
        'deliver',
        {
          orderId,
          handedOver: [code('FB', i)],
          takenBack: [{ code: code('EB', i), grossG: 15_000 + (i % 9) * 100 + 1_500 }],
          gasStatus: i % 2 ? 'store' : 'return',
          paymentType: 'cash',
          cashAmount: 72_000,
          signature: signature(),
          position: { lat: 25.05, lng: 121.52, accuracyM: 10 },
        },
        i,
      ),
    ),
    ...Array.from({ length: RETURNS }, (_, i) =>
      action('return', { storeId: store!.id, codes: [code('RB', 2 * i), code('RB', 2 * i + 1)] }, 100 + i),
    ),
    ...Array.from({ length: REFILLS }, (_, i) =>
      action('packaging', { storeId: store!.id, handlingSiteId: siteId, codes: [code('PB', i)] }, 200 + i),
    ),
    ...Array.from({ length: REFILLS }, (_, i) =>
      action('filling-in', { storeId: store!.id, handlingSiteId: siteId, codes: [code('PB', i)] }, 300 + i),
    ),
  ];
  const bytes = Buffer.byteLength(JSON.stringify({ actions: queue }));

  const syncAll = async () => {
    const results: FieldActionResult[] = [];
    const started = performance.now();
    for (let i = 0; i < queue.length; i += BATCH) {
      const res = await driver('POST', '/api/field/actions', { actions: queue.slice(i, i + BATCH) });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      results.push(...res.json<{ results: FieldActionResult[] }>().results);
    }
    return { ms: performance.now() - started, results };
  };
  const first = await syncAll();
  const bad = first.results.filter((r) => r.status !== 'applied');
  if (first.results.length !== queue.length || bad.length) throw new Error(`not all applied: ${JSON.stringify(bad.slice(0, 3))}`);
  const done = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, orderIds));
  if (!done.every((o) => o.status === 'completed')) throw new Error('an order was not completed');
  const again = await syncAll();
  if (!again.results.every((r) => r.status === 'duplicate')) throw new Error('a resent action was applied twice');

  const cpus = os.cpus();
  const section = [
    '## Field app: a day offline, synced (`npm run bench:field`)',
    '',
    `Run ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, embedded database (PGlite on disk in a scratch DATA_DIR),`,
    `demo data loaded; the app in process, requests through fastify.inject (JSON parsing, schemas, auth, audit included).`,
    `${queue.length} queued actions of the demo driver: ${DELIVERIES} deliveries (1 full out, 1 empty back weighed, store/return gas, cash, a 16 KB signature`,
    `file), ${RETURNS} returns of 2 cylinders, ${REFILLS} refill dispatches and ${REFILLS} refills received; ${queue.length / BATCH} POSTs of ${BATCH}, ${(bytes / 1024).toFixed(0)} KB in all.`,
    `Machine load average at the end (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
    '',
    markdownTable(
      ['sync', 'wall time', 'per action', 'target'],
      [
        [
          `${queue.length} actions, first time (all applied)`,
          `${(first.ms / 1000).toFixed(2)} s`,
          `${(first.ms / queue.length).toFixed(1)} ms`,
          '< 10 s',
        ],
        [
          `the same ${queue.length} resent (all duplicate)`,
          `${(again.ms / 1000).toFixed(2)} s`,
          `${(again.ms / queue.length).toFixed(1)} ms`,
          '',
        ],
      ],
    ),
    '',
  ].join('\n');
  console.log(section);
  writeResultsSection('field', section);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
