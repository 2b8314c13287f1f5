/**
 * The cylinder benchmark (`npm run bench -- --suite cylinders [--scale 0.1] [--seconds 10] [--skip-generate]`).
 *
 * 1. Uses the benchmark store group of bench/business.ts in database gasops_bench (made first,
 *    at the same scale, when it is not there), runs the migrations, and bulk-loads with set-based
 *    SQL (INSERT … SELECT generate_series, not the API): 1,000,000 cylinders in every place and
 *    inspection state, 10,000,000 movements over three years, 2 scan readers per store and 60
 *    days of scan batches and reads at the movements' daily rate. `--scale` multiplies every count.
 * 2. Starts the real server on 127.0.0.1 and measures through its HTTP routes: the registry search
 *    with 50 concurrent users (think time as in the business bench), scan batches of 500 reads
 *    applied (collection in of cylinders at customers), the scan statistics of 30 days.
 * 3. Writes a section to bench/RESULTS.md between the cylinders markers.
 *
 * Loopback only and bounded (BENCH_MAX_MINUTES, default 60, for the whole run).
 */
import os from 'node:os';
import pg from 'pg';
import { dateIn, shiftDate } from '@gasops/shared';
import {
  BENCH_DB,
  ensureBenchGroup,
  log,
  parseArgs,
  serial,
  signInBenchManager,
  startServer,
  stopServer,
  timed,
  type Measure,
  users,
} from './business.js';
import { writeResultsSection } from './results.js';
import { abortAfterMaxMinutes, freePort } from './harness.js';

/** Days of movement history, and of scan reads. */
const HISTORY_DAYS = 1095;
const SCAN_DAYS = 60;
const READS_PER_BATCH = 25;

type CylinderSizes = { cylinders: number; movements: number };
export const cylinderSizes = (scale: number): CylinderSizes => ({
  cylinders: Math.max(1000, Math.round(1_000_000 * scale)),
  movements: Math.max(10_000, Math.round(10_000_000 * scale)),
});

/** Loads the cylinders, movements, readers and scans of the group (replacing earlier ones). */
async function generateCylinders(client: pg.Client, group: number, sizes: CylinderSizes): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q(`SET statement_timeout = 0`);
  await timed('clear earlier cylinder data', async () => {
    for (const table of ['scan_reads', 'scan_batches', 'scan_readers', 'cylinder_movements', 'cylinder_pending', 'cylinder_labels'])
      await q(`DELETE FROM ${table} WHERE group_id = $1`, [group]);
    await q(`DELETE FROM stock_document_lines WHERE group_id = $1`, [group]);
    await q(`DELETE FROM stock_documents WHERE group_id = $1`, [group]);
    await q(`DELETE FROM cylinders WHERE group_id = $1`, [group]);
  });
  const stores = (await q(`SELECT min(id) AS first, count(*)::int AS n FROM stores WHERE group_id = $1`, [group])).rows[0] as {
    first: number;
    n: number;
  };
  const cust = (await q(`SELECT min(id) AS first, count(*)::int AS n FROM customers WHERE group_id = $1`, [group])).rows[0] as {
    first: number;
    n: number;
  };
  let sites = (await q(`SELECT id, type FROM cylinder_handling_sites WHERE deleted_at IS NULL ORDER BY id`)).rows as {
    id: number;
    type: string;
  }[];
  if (!sites.some((s) => s.type !== 'inspection') || !sites.some((s) => s.type !== 'filling')) {
    await q(
      `INSERT INTO cylinder_handling_sites(code, name, type) VALUES ('BFP', 'Bench filling plant', 'filling'), ('BIA', 'Bench inspection agency', 'inspection')`,
    );
    sites = (await q(`SELECT id, type FROM cylinder_handling_sites WHERE deleted_at IS NULL ORDER BY id`)).rows as {
      id: number;
      type: string;
    }[];
  }
  const fillingSite = sites.find((s) => s.type !== 'inspection')!.id;
  const inspectionSite = sites.find((s) => s.type !== 'filling')!.id;

  // Cylinder i: store i % S; 40 % at a store (half full), 30 % at a customer (held as a sale), 10 %
  // at the storage site, 8 % at the filling plant, 6 % at the inspection agency, 5 % new, 1 %
  // scrapped; pressure tests spread over 29 years (a few at their end of life); deadlines from 100
  // days ago to 5 years ahead (about 5 % overdue, 3 % due); 80 % carry a label.
  await timed(`cylinders (${sizes.cylinders})`, () =>
    q(
      `INSERT INTO cylinders(group_id, store_id, container_no, label_no, container_spec, size_kg, tare_g, material,
                             pressure_test_date, last_inspection_date, next_inspection_deadline, location_kind, location_id,
                             fill, customer_id, holding, last_movement_kind, last_moved_at, created_at, updated_at)
       SELECT $1, st, 'BC' || lpad(i::text, 10, '0'), CASE WHEN i % 5 <> 0 THEN 'QB' || lpad(i::text, 9, '0') END,
              'LPG-' || sz, sz, sz * 750 + 3000, CASE WHEN i % 13 = 0 THEN 'composite' ELSE 'steel' END,
              pt, NULL, current_date - 100 + ((i::bigint * 7919) % 1925)::int,
              loc, CASE loc WHEN 'store' THEN st WHEN 'customer' THEN cu WHEN 'filling' THEN $5 WHEN 'inspection' THEN $6 END,
              CASE WHEN loc = 'scrapped' THEN 'empty' WHEN loc IN ('customer') OR (loc IN ('store', 'storage') AND i % 2 = 0) THEN 'full' ELSE 'empty' END,
              CASE WHEN loc = 'customer' THEN cu END, CASE WHEN loc = 'customer' THEN 'sale' END,
              CASE loc WHEN 'customer' THEN 'sales_out' WHEN 'store' THEN 'filling_in' END,
              now() - ((i % 1000) || ' hours')::interval, now() - interval '3 years', now() - interval '3 years'
       FROM (
         SELECT i, $2 + i % $3 AS st, $4 + (i::bigint * 31) % $7 AS cu,
                (ARRAY[2, 4, 10, 16, 20, 20, 20, 50])[1 + i % 8] AS sz,
                current_date - (365 + (i::bigint * 104729) % (29 * 365))::int AS pt,
                CASE WHEN i % 100 = 99 THEN 'scrapped'
                     WHEN i % 100 < 40 THEN 'store' WHEN i % 100 < 70 THEN 'customer' WHEN i % 100 < 80 THEN 'storage'
                     WHEN i % 100 < 88 THEN 'filling' WHEN i % 100 < 94 THEN 'inspection' ELSE 'new' END AS loc
         FROM generate_series(1, $8::int) i
       ) g`,
      [group, stores.first, stores.n, cust.first, fillingSite, inspectionSite, cust.n, sizes.cylinders],
    ),
  );
  const firstCylinder = (await q(`SELECT min(id) AS id FROM cylinders WHERE group_id = $1`, [group])).rows[0].id as number;

  // Movement j: cylinder (j * 7919) % C, one of the 14 kinds with its usual from/to, a date in the
  // last three years; from documents (80 %) or scans.
  const kinds = [
    ['filling_out', 'store', 'empty', 'filling', 'empty'],
    ['filling_in', 'filling', 'empty', 'store', 'full'],
    ['sales_out', 'store', 'full', 'customer', 'full'],
    ['collection_in', 'customer', 'full', 'store', 'empty'],
    ['filling_out', 'store', 'empty', 'filling', 'empty'],
    ['filling_in', 'filling', 'empty', 'store', 'full'],
    ['sales_out', 'store', 'full', 'customer', 'full'],
    ['collection_in', 'customer', 'empty', 'store', 'empty'],
    ['storage_full', 'store', 'full', 'storage', 'full'],
    ['inspection_out', 'store', 'empty', 'inspection', 'empty'],
    ['inspection_in', 'inspection', 'empty', 'store', 'empty'],
    ['cylinder_deposit', 'store', 'full', 'customer', 'full'],
    ['return_in', 'customer', 'empty', 'store', 'empty'],
    ['loan_out', 'store', 'full', 'customer', 'full'],
  ];
  const arr = (col: number) => `ARRAY[${kinds.map((k) => `'${k[col]}'`).join(',')}]`;
  const chunk = 1_000_000;
  for (let from = 1; from <= sizes.movements; from += chunk) {
    const to = Math.min(sizes.movements, from + chunk - 1);
    await timed(`movements ${from}..${to}`, () =>
      q(
        `INSERT INTO cylinder_movements(group_id, store_id, cylinder_id, kind, move_date, moved_at, from_location_kind, from_fill,
                                        to_location_kind, to_fill, source)
         SELECT $1, $2 + c % $3, $4 + c, (${arr(0)})[k], d, d::timestamp + ((8 + j % 10) || ' hours')::interval,
                (${arr(1)})[k], (${arr(2)})[k], (${arr(3)})[k], (${arr(4)})[k], CASE WHEN j % 5 = 0 THEN 'scan' ELSE 'document' END
         FROM (
           SELECT j, ((j::bigint * 7919) % $5)::int AS c, 1 + j % ${kinds.length} AS k, current_date - (j % ${HISTORY_DAYS}) AS d
           FROM generate_series($6::int, $7::int) j
         ) g`,
        [group, stores.first, stores.n, firstCylinder, sizes.cylinders, from, to],
      ),
    );
  }

  // Two readers per store; each day the movements' daily rate of reads, in batches of 25, over the
  // last 60 days (90 % success, 6 % failure, 4 % unprocessed; a fifth first read of the day).
  // The per-day rollup of the reads (scan_read_days, migration 0503) follows through its triggers.
  const readsPerDay = Math.max(100, Math.round(sizes.movements / HISTORY_DAYS));
  const batchesPerDay = Math.ceil(readsPerDay / READS_PER_BATCH);
  await timed(`scan readers, batches and reads (${(readsPerDay * SCAN_DAYS).toLocaleString('en-US')} reads)`, async () => {
    await q(
      `INSERT INTO scan_readers(group_id, store_id, name, kind, secret_hash)
       SELECT $1, s.id, 'Gate ' || s.id || '-' || r, CASE WHEN r = 1 THEN 'gate' ELSE 'handheld' END, md5(s.id || '-' || r)
       FROM stores s, generate_series(1, 2) r WHERE s.group_id = $1`,
      [group],
    );
    const readers = (await q(`SELECT id, store_id FROM scan_readers WHERE group_id = $1 ORDER BY id`, [group])).rows as {
      id: number;
      store_id: number;
    }[];
    await q(`CREATE TEMP TABLE bench_readers(n int, id int, store_id int)`);
    await q(
      `INSERT INTO bench_readers SELECT ordinality - 1, id, store_id FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS r(id, store_id)`,
      [readers.map((r) => r.id), readers.map((r) => r.store_id)],
    );
    await q(
      `INSERT INTO scan_batches(group_id, store_id, reader_id, sender, batch_key, kind, scanned_at, total, success, failure, unprocessed, new_today, qualified)
       SELECT $1, r.store_id, r.id, 'r:' || r.id, 'bench-' || b, 'filling_out',
              (current_date - (b / $3))::timestamp + ((b % $3) * (86400 / $3) || ' seconds')::interval - interval '8 hours',
              $4, 0, 0, 0, 0, 0
       FROM generate_series(0, $2::int - 1) b JOIN bench_readers r ON r.n = b % $5`,
      [group, batchesPerDay * SCAN_DAYS, batchesPerDay, READS_PER_BATCH, readers.length],
    );
    await q(
      `INSERT INTO scan_reads(group_id, store_id, batch_id, reader_id, code, read_at, read_date, kind, cylinder_id, result, reason, new_today, qualified)
       SELECT b.group_id, b.store_id, b.id, b.reader_id, 'BC' || lpad(((b.id::bigint * 37 + n * 7919) % $2 + 1)::text, 10, '0'),
              b.scanned_at + (n || ' seconds')::interval, (b.scanned_at AT TIME ZONE 'Asia/Taipei')::date, b.kind,
              $3 + ((b.id::bigint * 37 + n * 7919) % $2)::int,
              CASE WHEN (b.id + n) % 50 < 45 THEN 'success' WHEN (b.id + n) % 50 < 48 THEN 'failure' ELSE 'unprocessed' END,
              CASE WHEN (b.id + n) % 50 BETWEEN 45 AND 47 THEN 'overdue' WHEN (b.id + n) % 50 >= 48 THEN 'notFromHere' END,
              n % 5 = 0, (b.id + n) % 50 < 47
       FROM scan_batches b, generate_series(0, $4 - 1) n WHERE b.group_id = $1`,
      [group, sizes.cylinders, firstCylinder, READS_PER_BATCH],
    );
    await q(
      `UPDATE scan_batches b SET success = x.s, failure = x.f, unprocessed = x.u, new_today = x.n, qualified = x.q
       FROM (SELECT batch_id, count(*) FILTER (WHERE result = 'success') s, count(*) FILTER (WHERE result = 'failure') f,
                    count(*) FILTER (WHERE result = 'unprocessed') u, count(*) FILTER (WHERE new_today) n, count(*) FILTER (WHERE qualified) q
             FROM scan_reads WHERE group_id = $1 GROUP BY batch_id) x
       WHERE x.batch_id = b.id`,
      [group],
    );
  });
  await timed('VACUUM ANALYZE (cylinder tables)', async () => {
    for (const table of ['cylinders', 'cylinder_movements', 'scan_readers', 'scan_batches', 'scan_reads', 'scan_read_days'])
      await q(`VACUUM ANALYZE ${table}`);
  });
}

/** Times POST /api/cylinders/scans batches of `size` codes of cylinders at customers (collection in). */
async function scanBatches(baseUrl: string, token: string, codes: string[][], storeId: number): Promise<Measure> {
  const ms: number[] = [];
  let errors = 0;
  let applied = 0;
  for (const [i, batch] of codes.entries()) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/cylinders/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batchId: `bench-post-${Date.now()}-${i}`,
        scannedAt: new Date().toISOString(),
        kind: 'collection_in',
        storeId,
        codes: batch,
      }),
    });
    const body = (await res.json()) as { success?: number };
    const elapsed = performance.now() - t0;
    if (!res.ok) {
      errors++;
      log(`scan batch ${i}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      continue;
    }
    applied += body.success ?? 0;
    // The first batch warms the route (not measured).
    if (i > 0) ms.push(elapsed);
  }
  ms.sort((a, b) => a - b);
  const pick = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0);
  const m: Measure = {
    name: `Scan batch of ${codes[0]?.length ?? 0} reads applied (collection in; ${applied} reads applied in all)`,
    target: '< 1 s',
    connections: 1,
    requests: ms.length,
    p50: pick(0.5),
    p99: pick(0.99),
    max: Math.round(ms[ms.length - 1] ?? 0),
    rps: 0,
    errors,
  };
  log(`${m.name}: p50 ${m.p50} ms, max ${m.max} ms, ${errors} errors`);
  return m;
}

export async function runCylinderBench(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const guard = abortAfterMaxMinutes();
  const baseDb = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
  const sizes = cylinderSizes(args.scale);
  const started = new Date();
  const genStart = performance.now();
  // No benchmark group yet: the business bench's group first, at the same scale.
  const { dbUrl, group } = await ensureBenchGroup(baseDb, args.scale, args.skipGenerate);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  let counts: { cylinders: number; movements: number; reads: number };
  try {
    if (!args.skipGenerate) await generateCylinders(client, group, sizes);
    const count = async (table: string) =>
      Number((await client.query(`SELECT count(*) AS n FROM ${table} WHERE group_id = $1`, [group])).rows[0].n);
    counts = { cylinders: await count('cylinders'), movements: await count('cylinder_movements'), reads: await count('scan_reads') };
  } finally {
    await client.end();
  }
  const generationSeconds = (performance.now() - genStart) / 1000;
  log(`cylinder data: ${JSON.stringify(counts)}`);

  const port = await freePort();
  const server = await startServer(dbUrl, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const results: Measure[] = [];
  try {
    const { token, store } = await signInBenchManager(baseUrl);
    const s = args.seconds;
    const n = counts.cylinders;
    const number = (i: number) => String(Math.max(1, Math.round(i))).padStart(10, '0');
    const registry = (query: string) => `/api/cylinders?${query}&pageSize=20`;
    // Numbers as people type them: a whole container or label number, its last digits, a prefix.
    const searches = [
      `keyword=BC${number(n * 0.37)}`,
      `keyword=QB${number(n * 0.61).slice(1)}`,
      `keyword=${number(n * 0.52).slice(-6)}`,
      `keyword=BC${number(n * 0.2).slice(0, 6)}`,
      `keyword=${number(n * 0.93).slice(-5)}`,
    ].map(registry);
    const filters = [
      `storeId=${store}`,
      `storeId=${store}&status=overdue`,
      `status=due&sort=deadline`,
      `locationKind=customer&status=overdue`,
      `storeId=${store}&locationKind=store&fill=full`,
    ].map(registry);
    await serial('warm-up', '', baseUrl, token, searches[0]!, 3);
    results.push(await users('Registry number search (whole group)', 'p99 < 50 ms', baseUrl, token, searches, 50, s));
    results.push(await users('Registry filters: store, status, place, deadline order', 'p99 < 50 ms', baseUrl, token, filters, 50, s));

    // Scan batches: 500 distinct cylinders at customers each, applied as collection in.
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const atCustomers = (
      await c.query(
        `SELECT container_no FROM cylinders WHERE group_id = $1 AND location_kind = 'customer' AND deleted_at IS NULL
           AND due_date >= current_date ORDER BY id DESC LIMIT 3000`,
        [group],
      )
    ).rows.map((r) => r.container_no as string);
    await c.end();
    const batches = Array.from({ length: Math.floor(atCustomers.length / 500) }, (_, i) => atCustomers.slice(i * 500, i * 500 + 500));
    results.push(await scanBatches(baseUrl, token, batches, store));

    const today = dateIn('Asia/Taipei');
    const from = shiftDate(today, { days: -29 });
    results.push(
      await serial(
        'Scan statistics, 30 days by day (whole group)',
        '< 300 ms',
        baseUrl,
        token,
        `/api/cylinders/scans/statistics?from=${from}&to=${today}`,
        10,
      ),
    );
    results.push(
      await serial(
        'Scan statistics, 30 days by day (one store)',
        '< 300 ms',
        baseUrl,
        token,
        `/api/cylinders/scans/statistics?from=${from}&to=${today}&storeId=${store}`,
        10,
      ),
    );
  } finally {
    await stopServer(server);
  }

  const flags = [
    args.scale !== 1 ? `--scale ${args.scale}` : '',
    args.skipGenerate ? '--skip-generate' : '',
    `--seconds ${args.seconds}`,
  ].filter(Boolean);
  const lines = [
    `### Cylinder benchmark (${counts.cylinders.toLocaleString('en-US')} cylinders, ${counts.movements.toLocaleString('en-US')} movements, ${counts.reads.toLocaleString('en-US')} scan reads)`,
    '',
    `- Command: \`npm run bench -- --suite cylinders ${flags.join(' ')}\` (DATABASE_URL=${new URL(baseDb).host}, database ${BENCH_DB}, the business bench's group)`,
    `- Date: ${started.toISOString()}; machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    args.skipGenerate
      ? '- Data generation: skipped (existing database)'
      : `- Data generation (set-based SQL, incl. VACUUM ANALYZE of the cylinder tables): ${generationSeconds.toFixed(0)} s`,
    `- Load: as the business bench (the server in its own process on 127.0.0.1, ${args.seconds} s per user row; 50 users with a 1 s mean think time). Scan batches: one user's consecutive POST /api/cylinders/scans of 500 distinct codes of cylinders at customers (collection in), the first one not measured. Statistics: serial calls.`,
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
  ];
  const table = lines.join('\n');
  console.log(`\n${table}`);
  writeResultsSection('cylinders', table);
  clearTimeout(guard);
}
