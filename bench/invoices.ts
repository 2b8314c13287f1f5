/**
 * The invoices benchmark (`npm run bench -- --suite invoices [--scale 0.01] [--seconds 10] [--skip-generate]`, issue 14).
 *
 * 1. Uses the benchmark store group of bench/business.ts in database gasops_bench (made first, at the
 *    same scale, when it is not there), runs the migrations, and bulk-loads with set-based SQL
 *    (INSERT … SELECT generate_series, not the API): every store issues invoices (e-invoice settings,
 *    the "issues uniform invoices" flag), 1,000,000 invoices over the last 12 months (Taipei's
 *    calendar) spread evenly over the stores, one track per store and period whose `used` is its
 *    invoices' count and whose numbers are start … start + used − 1 in date order; buyers: 10 % B2B
 *    (UBN and a company name), the consumers 40 % on a mobile barcode, 1 % a citizen certificate, 10 %
 *    donated, the rest printed; 2 % voided. `--scale` multiplies the count.
 * 2. Starts the real server (its own process) on 127.0.0.1 and measures through its HTTP routes:
 *    (a) issuing throughput on ONE track: 1, 10 and 50 clients posting manual issues of one store back
 *    to back for `--seconds` each (keep-alive), invoices/s and p50/p99; afterwards the track's numbers
 *    are checked: start … start + used − 1, each once (no gap, no duplicate); (b) InvoiceLookup with
 *    50 users and think time (as the business bench's p99 rows): first page of the whole group, one
 *    store, a number search, a buyer-name keyword, one month, status voided; target p99 < 50 ms.
 * 3. Writes a section to bench/RESULTS.md between the invoices markers.
 *
 * Loopback only and bounded (BENCH_MAX_MINUTES, default 60, for the whole run).
 */
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { dateIn, shiftDate } from '@gasops/shared';
import { openDatabase } from '../apps/server/src/platform/db.js';
import { checkTracks } from '../apps/server/src/modules/invoices/upload-track-check.js';
import { uploadJobTuning } from '../apps/server/src/modules/invoices/upload-runtime.js';
import {
  BENCH_DB,
  ensureBenchGroup,
  log,
  measureOf,
  parseArgs,
  signInBenchManager,
  startServer,
  stopServer,
  timed,
  type Measure,
  users,
} from './business.js';
import { abortAfterMaxMinutes, freePort } from './harness.js';
import { markdownTable, writeResultsSection } from './results.js';

const TIME_ZONE = 'Asia/Taipei';
/** Concurrent clients of the issuing rows. */
const ISSUERS = [1, 10, 50];
/** Free numbers left on each store's track of the current period (the issuing rows take from one). */
const CURRENT_ROOM = 900_000;

export const invoiceCount = (scale: number) => Math.max(1000, Math.round(1_000_000 * scale));

/** Loads the group's e-invoice settings, tracks and invoices (replacing earlier ones). */
async function generateInvoices(client: pg.Client, group: number, count: number): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q(`SET statement_timeout = 0`);
  await timed('clear earlier invoice data', async () => {
    for (const table of ['einvoice_messages', 'invoice_allowances', 'invoices', 'invoice_tracks', 'invoice_settings', 'invoice_checks'])
      await q(`DELETE FROM ${table} WHERE group_id = $1`, [group]);
  });
  const stores = (await q(`SELECT min(id) AS first, count(*)::int AS n FROM stores WHERE group_id = $1`, [group])).rows[0] as {
    first: number;
    n: number;
  };
  await q(`UPDATE stores SET issues_invoice = true WHERE group_id = $1`, [group]);
  await q(
    `INSERT INTO invoice_settings(store_id, group_id, seller_ubn, seller_name)
     SELECT id, group_id, lpad((50000000 + id)::text, 8, '0'), name || ' 瓦斯行' FROM stores WHERE group_id = $1`,
    [group],
  );
  const today = `(now() AT TIME ZONE '${TIME_ZONE}')::date`;
  // Invoice i: store k = i % S, its (i / S)-th invoice, dated (i / S) % 365 days ago; its number is its
  // rank in the store's period by date.
  await timed(`stage ${count.toLocaleString('en-US')} invoices`, async () => {
    await q(`DROP TABLE IF EXISTS bench_inv`);
    await q(
      `CREATE TEMP TABLE bench_inv AS
       SELECT i, k, d, ry, pe, (row_number() OVER (PARTITION BY k, ry, pe ORDER BY d, i) - 1)::int AS seq
       FROM (
         SELECT i, k, d, extract(year FROM d)::int - 1911 AS ry, (extract(month FROM d)::int - 1) / 2 + 1 AS pe
         FROM (SELECT i, i % $1 AS k, ${today} - (i / $1) % 365 AS d FROM generate_series(0, $2::int - 1) i) g
       ) p`,
      [stores.n, count],
    );
    await q(`CREATE INDEX ON bench_inv(i)`);
  });
  // One track per store and period: whole booklets of 50 for past periods, room for issuing in the
  // current one; the prefix differs per store within a period (7 is prime to 676 = 26²).
  await timed('tracks', () =>
    q(
      `INSERT INTO invoice_tracks(group_id, store_id, roc_year, period, prefix, start_no, end_no, used, created_at, updated_at)
       SELECT $1, $2 + k, ry, pe, chr(65 + x / 26) || chr(65 + x % 26), st,
              st + CASE WHEN cur THEN n + $3 ELSE (n + 49) / 50 * 50 END - 1, n, now(), now()
       FROM (
         SELECT k, ry, pe, count(*)::int AS n, (k * 7 + (ry * 6 + pe) * 31) % 676 AS x, 10000000 + (k % 80) * 1000000 AS st,
                ry = extract(year FROM ${today})::int - 1911 AND pe = (extract(month FROM ${today})::int - 1) / 2 + 1 AS cur
         FROM bench_inv GROUP BY k, ry, pe
       ) g`,
      [group, stores.first, CURRENT_ROOM],
    ),
  );
  const chunk = 250_000;
  for (let from = 0; from < count; from += chunk) {
    const to = Math.min(count, from + chunk) - 1;
    await timed(`invoices ${from}..${to}`, () =>
      q(
        `INSERT INTO invoices(group_id, store_id, track_id, number, roc_year, period, invoice_date, issued_at, seller_ubn, seller_name,
                              buyer_ubn, buyer_name, carrier_type, carrier_id, npoban, print_mark, random_code, tax_type,
                              sales_amount, tax_amount, total_amount, items, status, void_reason, voided_at, upload_status, created_at)
         SELECT $1, t.store_id, t.id, t.prefix || lpad((t.start_no + b.seq)::text, 8, '0'), b.ry, b.pe, b.d, at, s.seller_ubn, s.seller_name,
                CASE WHEN b2b THEN lpad(((c::bigint * 104729 + 12345678) % 100000000)::text, 8, '0') END,
                CASE WHEN b2b THEN (ARRAY['永豐','大同','福記','興隆','順發','金龍','新東陽','合興','長春','美味'])[1 + c % 10]
                                   || (ARRAY['餐廳','小吃店','企業社','有限公司','食品行'])[1 + (c / 10) % 5] || ' ' || c END,
                CASE WHEN kind = 'barcode' THEN '3J0002' WHEN kind = 'certificate' THEN 'CQ0001' END,
                CASE WHEN kind = 'barcode' THEN '/' || upper(substr(md5((b.i % 20000)::text), 1, 7))
                     WHEN kind = 'certificate' THEN 'AB' || lpad((b.i % 100000000000000)::text, 14, '0') END,
                CASE WHEN kind = 'donation' THEN (ARRAY['919','8585','25885','168001'])[1 + b.i % 4] END,
                kind IN ('print', 'business'), lpad(((b.i::bigint * 7919) % 10000)::text, 4, '0'), 1,
                sales * 100, (total - sales) * 100, total * 100,
                jsonb_build_array(jsonb_build_object('description', '液化石油氣 ' || kg || ' kg', 'quantity', 1, 'unitPrice', total * 100,
                                                     'amount', total * 100)),
                CASE WHEN voided THEN 'voided' ELSE 'issued' END, CASE WHEN voided THEN '開立錯誤' END,
                CASE WHEN voided THEN at + interval '1 hour' END, 'good', at
         FROM (
           SELECT *, CASE WHEN b2b THEN round(total::numeric / 1.05)::bigint ELSE total END AS sales
           FROM (
             SELECT g.*, kind = 'business' AS b2b, (ARRAY[4, 16, 20, 20, 50])[1 + (g.i / 7) % 5] AS kg
             FROM (
               SELECT b.*, (b.i / 10 * 31 % 5000)::int AS c, b.i % 50 = 17 AS voided,
                      (b.d + time '08:00' + ((b.i / 3) % 600) * interval '1 minute') AT TIME ZONE '${TIME_ZONE}' AS at,
                      CASE WHEN b.i % 10 = 3 THEN 'business' WHEN b.i % 100 = 8 THEN 'certificate' WHEN b.i % 10 IN (1, 2, 4, 5) THEN 'barcode'
                           WHEN b.i % 10 = 6 THEN 'donation' ELSE 'print' END AS kind
               FROM bench_inv b WHERE b.i BETWEEN $2 AND $3
             ) g
           ) h, LATERAL (SELECT (h.kg * 36 + (h.i % 3) * 100)::bigint AS total) m
         ) b
         JOIN invoice_tracks t ON t.group_id = $1 AND t.store_id = $4 + b.k AND t.roc_year = b.ry AND t.period = b.pe
         JOIN invoice_settings s ON s.store_id = t.store_id`,
        [group, from, to, stores.first],
      ),
    );
  }
  await q(`DROP TABLE bench_inv`);
  await timed('VACUUM ANALYZE (invoice tables)', async () => {
    for (const table of ['invoice_settings', 'invoice_tracks', 'invoices']) await q(`VACUUM ANALYZE ${table}`);
  });
}

type Issuing = Measure & { issued: number; perSecond: number };

/** `clients` workers posting manual issues of one store back to back for `seconds` (keep-alive connections). */
async function issuing(baseUrl: string, token: string, storeId: number, clients: number, seconds: number): Promise<Issuing> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const url = new URL(baseUrl);
  const body = JSON.stringify({ storeId, print: true, items: [{ description: '液化石油氣 20 kg', quantity: 1, unitPrice: 72_000 }] });
  const post = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/invoices',
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'accept-language': 'en-US',
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
      req.end(body);
    });
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  // Every connection open before the clock starts (not counted).
  await Promise.all(Array.from({ length: clients }, post));
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const res = await post();
        if (res.status >= 400) {
          errors++;
          firstError ||= `HTTP ${res.status} ${res.text.slice(0, 200)}`;
        } else latencies.push(performance.now() - started);
      } catch (err) {
        errors++;
        firstError ||= String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  if (firstError) log(`issuing, ${clients} clients: first error ${firstError}`);
  const m: Issuing = {
    ...measureOf(
      `Issue by hand, one track, ${clients} client${clients === 1 ? '' : 's'} back to back`,
      'throughput',
      clients,
      latencies,
      errors,
      elapsed,
    ),
    issued: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
  };
  log(`${m.name}: ${m.perSecond} invoices/s, p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms, ${m.errors} errors`);
  return m;
}

type TrackCheck = {
  trackId: number;
  prefix: string;
  start: number;
  used: number;
  invoices: number;
  distinct: number;
  first: number;
  last: number;
};

/** A track's invoices against its numbers: each of start … start + used − 1 exactly once. */
async function checkTrack(c: pg.Client, trackId: number): Promise<TrackCheck & { ok: boolean }> {
  const r = (
    await c.query(
      `SELECT t.id AS "trackId", t.prefix, t.start_no AS start, t.used, count(i.id)::int AS invoices, count(DISTINCT i.number)::int AS distinct,
              coalesce(min(substr(i.number, 3)::int), -1) AS first, coalesce(max(substr(i.number, 3)::int), -1) AS last
       FROM invoice_tracks t LEFT JOIN invoices i ON i.track_id = t.id WHERE t.id = $1 GROUP BY t.id`,
      [trackId],
    )
  ).rows[0] as TrackCheck;
  const ok = r.invoices === r.used && r.distinct === r.used && r.first === r.start && r.last === r.start + r.used - 1;
  return { ...r, ok };
}

export async function runInvoiceBench(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const guard = abortAfterMaxMinutes();
  const baseDb = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
  const count = invoiceCount(args.scale);
  const started = new Date();
  const genStart = performance.now();
  // No benchmark group yet: the business bench's group first, at the same scale.
  const { dbUrl, group, made: groupMade, applied } = await ensureBenchGroup(baseDb, args.scale, args.skipGenerate);
  if (applied.length && args.skipGenerate) {
    const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '' });
    await timed('VACUUM ANALYZE', () => database.exec('VACUUM ANALYZE invoices'));
    await database.close();
  }
  const groupSeconds = (performance.now() - genStart) / 1000;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const invStart = performance.now();
  if (!args.skipGenerate) await generateInvoices(client, group, count);
  const invoiceSeconds = (performance.now() - invStart) / 1000;
  const stats = (
    await client.query(
      `SELECT count(*)::int AS invoices, count(*) FILTER (WHERE status = 'voided')::int AS voided, count(buyer_ubn)::int AS b2b,
              (SELECT count(*)::int FROM invoice_tracks WHERE group_id = $1) AS tracks, (SELECT count(*)::int FROM stores WHERE group_id = $1) AS stores
       FROM invoices WHERE group_id = $1`,
      [group],
    )
  ).rows[0] as { invoices: number; voided: number; b2b: number; tracks: number; stores: number };
  log(`invoice data: ${JSON.stringify(stats)}`);

  const port = await freePort();
  const server = await startServer(dbUrl, port);
  const serverStarted = performance.now();
  const baseUrl = `http://127.0.0.1:${port}`;
  const issues: Issuing[] = [];
  const lookups: Measure[] = [];
  let before: TrackCheck & { ok: boolean };
  let after: TrackCheck & { ok: boolean };
  try {
    const { token, storeIds, store } = await signInBenchManager(baseUrl);
    const s = args.seconds;

    // (a) Issuing on the store's one track of the current period.
    const today = dateIn(TIME_ZONE);
    const [year, month] = today.split('-').map(Number) as [number, number];
    const track = (
      await client.query(`SELECT id FROM invoice_tracks WHERE store_id = $1 AND roc_year = $2 AND period = $3 ORDER BY id`, [
        store,
        year - 1911,
        Math.floor((month - 1) / 2) + 1,
      ])
    ).rows as { id: number }[];
    if (track.length !== 1) throw new Error(`store ${store}: expected one track of the current period, found ${track.length}`);
    before = await checkTrack(client, track[0]!.id);
    for (const clients of ISSUERS) issues.push(await issuing(baseUrl, token, store, clients, s));
    after = await checkTrack(client, track[0]!.id);
    const issued = issues.reduce((sum, m) => sum + m.issued + m.connections, 0);
    log(
      `track ${after.prefix} ${after.start}…${after.start + after.used - 1}: ${after.used - before.used} numbers taken, ${issued} issues answered, ` +
        `${after.invoices} invoices, ${after.distinct} distinct: ${after.ok ? 'consecutive, no gap or duplicate' : 'GAP OR DUPLICATE'}`,
    );

    // The server runs its first track check (every track's numbers) checkFirstMs after its start: the
    // lookups start after it, so none of their rows carries it (it is timed on its own below).
    const wait = serverStarted + uploadJobTuning.checkFirstMs + 15_000 - performance.now();
    if (wait > 0) {
      log(`waiting ${(wait / 1000).toFixed(0)} s for the server's first track check`);
      await new Promise((r) => setTimeout(r, wait));
    }

    // (b) InvoiceLookup: numbers and buyer names as they are in the data (five spread over the table, at any scale).
    const sample = (
      await client.query(
        `SELECT number, buyer_name FROM invoices WHERE group_id = $1 AND buyer_name IS NOT NULL ORDER BY md5(id::text) LIMIT 5`,
        [group],
      )
    ).rows as { number: string; buyer_name: string }[];
    const list = (query: string) => `/api/invoices?${query}${query ? '&' : ''}pageSize=20`;
    const e = encodeURIComponent;
    const months = [1, 2, 4, 7].map((m) => {
      const from = shiftDate(today, { months: -m });
      return `from=${from}&to=${shiftDate(from, { days: 30 })}`;
    });
    const rows: [string, string[]][] = [
      ['first page (whole group)', [list(''), list('page=2')]],
      ['one store', [list(`storeId=${store}`), list(`storeId=${store}&page=2`), list(`storeId=${storeIds[0]}`)]],
      ['number search, prefix + 6 digits (whole group)', sample.map((r) => list(`keyword=${r.number.slice(0, 8)}`))],
      ['buyer-name keyword (whole group)', sample.map((r) => list(`keyword=${e(r.buyer_name.split(' ')[0]!)}`))],
      ['one month (whole group)', months.map(list)],
      ['status voided (whole group)', [list('status=voided'), list(`status=voided&storeId=${store}`)]],
    ];
    for (const [label, paths] of rows) {
      const name = `InvoiceLookup, ${label}`;
      try {
        lookups.push(await users(name, 'p99 < 50 ms', baseUrl, token, paths, 50, s));
      } catch (err) {
        // A request beyond 15 s before the row (its warm-up) ends the row, not the run.
        log(`${name}: failed (${String(err)})`);
        lookups.push({
          name: `${name}: failed, ${String(err)} (> 15 s) before the row`,
          target: 'p99 < 50 ms',
          connections: 50,
          requests: 0,
          p50: 0,
          p99: 0,
          max: 0,
          rps: 0,
          errors: 1,
        });
      }
    }
  } finally {
    await stopServer(server);
    await client.end();
  }
  // The daily track check (upload-track-check.ts) of every group's tracks, as the server runs it.
  const checkMs: number[] = [];
  {
    const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '' });
    try {
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await checkTracks(database.db);
        checkMs.push(Math.round(performance.now() - t0));
      }
    } finally {
      await database.close();
    }
    log(`track check of all tracks: ${checkMs.join(', ')} ms`);
  }

  const flags = [
    args.scale !== 1 ? `--scale ${args.scale}` : '',
    args.skipGenerate ? '--skip-generate' : '',
    `--seconds ${args.seconds}`,
  ].filter(Boolean);
  const n = (v: number) => v.toLocaleString('en-US');
  const generation = args.skipGenerate
    ? '- Data generation: skipped (existing database)'
    : `- Data generation (set-based SQL, incl. VACUUM ANALYZE of the invoice tables): ${invoiceSeconds.toFixed(0)} s${
        groupMade ? ` (the business bench's group first: ${groupSeconds.toFixed(0)} s)` : ''
      }`;
  const lines = [
    `### Invoices benchmark (${n(stats.invoices)} invoices of ${stats.stores} stores over 12 months, ${n(stats.tracks)} tracks)`,
    '',
    `- Command: \`npm run bench -- --suite invoices ${flags.join(' ')}\` (DATABASE_URL=${new URL(baseDb).host}, database ${BENCH_DB}, the business bench's group)`,
    `- Date: ${started.toISOString()}; machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    generation,
    `- Data: ${n(stats.b2b)} B2B (UBN and company name), ${n(stats.voided)} voided; consumers 40 % on a mobile barcode, 1 % a citizen certificate, 10 % donated, the rest printed; each track's \`used\` = its invoices, numbered in date order.`,
    `- Issuing: the server in its own process on 127.0.0.1; \`POST /api/invoices\` by hand (one line) for one store, so every issue takes the next number of its one track of the current period; N clients on keep-alive connections back to back for ${args.seconds} s (one issue each before, not measured).`,
    `- Numbers afterwards: track ${after.prefix} from ${after.start}, used ${n(before.used)} → ${n(after.used)}; ${n(after.invoices)} invoices, ${n(after.distinct)} distinct numbers, ${after.first}…${after.last}: ${after.ok ? '**consecutive, no gap, no duplicate**' : '**gap or duplicate**'}.`,
    `- Daily track check (\`checkTracks\`, upload-track-check.ts, every track's numbers read and compared; run in the bench process after the load, 3 times): ${checkMs.join(' / ')} ms. The server runs it ${uploadJobTuning.checkFirstMs / 1000} s after its start and then daily; the lookup rows start after that first run.`,
    `- Lookup: 50 concurrent users, each on one keep-alive connection, asking, then thinking for an exponentially distributed time with a 1 s mean (as the business bench), ${args.seconds} s per row, manager of all stores, 20 a page.`,
    `- Machine load average at the end (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
    '',
    markdownTable(
      ['Issuing (one track)', 'Clients', 'Invoices', 'invoices/s', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
      issues.map((m) => [
        m.name,
        String(m.connections),
        String(m.issued),
        String(m.perSecond),
        String(m.p50),
        String(m.p99),
        String(m.max),
        String(m.errors),
      ]),
    ),
    '',
    markdownTable(
      ['InvoiceLookup', 'Target', 'Met', 'Users', 'Requests', 'p50 ms', 'p99 ms', 'max ms', 'req/s', 'errors'],
      lookups.map((m) => [
        m.name,
        m.target,
        m.requests === 0 ? '**not measured**' : m.p99 < 50 && m.errors === 0 ? 'yes' : '**no**',
        String(m.connections),
        String(m.requests),
        String(m.p50),
        String(m.p99),
        String(m.max),
        String(m.rps),
        String(m.errors),
      ]),
    ),
    '',
  ];
  const table = lines.join('\n');
  console.log(`\n${table}`);
  writeResultsSection('invoices', table);
  clearTimeout(guard);
}
