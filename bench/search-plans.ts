/**
 * `npm run bench:search-plans` (issue 16, goal 4: "measured where it does not pay"): the customer search's statement,
 * as the server sends it for each of the business bench's keywords (whole group), planned for its values each time
 * (a custom plan: what the server does) against once for all values (a generic plan: what a named prepared statement
 * settles on). Prints, per keyword, PostgreSQL's planning and execution time (`EXPLAIN (ANALYZE, SUMMARY)`, the
 * median of 5 runs after 2 warm-up runs) and how each plan finds the matches.
 *
 * Needs the business bench's database (`npm run bench -- --suite business`, on DATABASE_URL's server); reads only.
 * Starts the server once to sign in as the bench's manager. Not a timed test: a reading to compare plans.
 */
import pg from 'pg';
import { benchUrl, captureStatements, SEARCH_KEYWORDS, signInBenchManager, startServer, stopServer } from './business.js';
import { freePort } from './harness.js';

const RUNS = 5;
const WARM_UP = 2;
const MODES = ['force_custom_plan', 'force_generic_plan'] as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
/** How the plan looks for the keyword's matches beyond the window: by the trigram index, or by reading rows and filtering them by LIKE. */
const probeOf = (plan: string[]) =>
  plan.some((l) => l.includes('customers_search_text_trgm_idx'))
    ? 'trigram index'
    : plan.some((l) => l.includes('Filter: (search_text ~~'))
      ? 'rows read, LIKE filter'
      : '?';

async function main(): Promise<void> {
  const dbUrl = benchUrl(process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test');
  const port = await freePort();
  const server = await startServer(dbUrl, port);
  let token: string;
  try {
    ({ token } = await signInBenchManager(`http://127.0.0.1:${port}`));
  } finally {
    await stopServer(server);
  }
  const paths = SEARCH_KEYWORDS.map((k) => `/api/customers?keyword=${encodeURIComponent(k)}&pageSize=20`);
  const statements = (await captureStatements(dbUrl, token, paths)).map((s) => s[0]!);
  const text = statements[0]!.text;
  if (statements.some((s) => s.text !== text))
    throw new Error('the keywords were not searched with one statement (update bench/search-plans.ts)');

  const client = new pg.Client({ connectionString: dbUrl, options: '-c jit=off' });
  await client.connect();
  const rows: string[] = [];
  try {
    await client.query(`PREPARE search AS ${text}`);
    const results = new Map<string, Record<string, { plan: number; exec: number; probe: string }>>();
    for (const mode of MODES) {
      await client.query(`SET plan_cache_mode = ${mode}`);
      for (const [i, keyword] of SEARCH_KEYWORDS.entries()) {
        const args = (statements[i]!.values as unknown[]).map(literal).join(', ');
        const plans: number[] = [];
        const execs: number[] = [];
        let lines: string[] = [];
        for (let run = 0; run < WARM_UP + RUNS; run++) {
          const r = await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, SUMMARY, TIMING OFF, BUFFERS OFF) EXECUTE search(${args})`,
          );
          lines = r.rows.map((x) => x['QUERY PLAN']);
          const ms = (label: string) => Number(lines.find((l) => l.startsWith(label))?.match(/([\d.]+) ms/)?.[1]);
          if (run >= WARM_UP) {
            plans.push(ms('Planning Time'));
            execs.push(ms('Execution Time'));
          }
        }
        const byMode = results.get(keyword) ?? {};
        byMode[mode] = { plan: median(plans), exec: median(execs), probe: probeOf(lines) };
        results.set(keyword, byMode);
      }
    }
    rows.push('| keyword | custom plan: planning + execution (ms) | how | generic plan: planning + execution (ms) | how |');
    rows.push('| --- | --- | --- | --- | --- |');
    for (const [keyword, m] of results) {
      const c = m.force_custom_plan!;
      const g = m.force_generic_plan!;
      rows.push(
        `| ${keyword} | ${c.plan.toFixed(2)} + ${c.exec.toFixed(2)} | ${c.probe} | ${g.plan.toFixed(2)} + ${g.exec.toFixed(2)} | ${g.probe} |`,
      );
    }
  } finally {
    await client.end();
  }
  console.log(`Customer search (whole group), ${SEARCH_KEYWORDS.length} keywords, median of ${RUNS} runs, ${new Date().toISOString()}:\n`);
  console.log(rows.join('\n'));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
