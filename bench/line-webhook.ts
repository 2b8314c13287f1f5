/**
 * `npm run bench:line [-- --seconds 10]` — the LINE webhook under load (issue 15): signed webhook
 * deliveries at 1,000 events/s, every event stored once, the 200 answered with p99 < 100 ms.
 *
 * 1. Drops and recreates a database of its own (gasops_bench_line on DATABASE_URL's server, default
 *    postgres://root@127.0.0.1:5432/test; loopback only), runs the migrations and makes one store
 *    group, its store and a manager (SQL, as bench/business.ts does).
 * 2. Starts the fake LINE Messaging API (apps/server/src/modules/line/fake-line.ts, in this process)
 *    and the real server in its own process on 127.0.0.1 (LINE_API_URL = the fake). As the manager,
 *    through the API: a group-wide LINE channel with a secret this bench knows, and four maintained
 *    FAQs. 200 LINE users follow (not measured: their rooms exist before the load, as for customers
 *    who added the account).
 * 3. Each row sends signed deliveries (Base64 HMAC-SHA256 of the raw body with the channel secret) at a
 *    fixed rate for `--seconds` (open loop: request i leaves at i / rate, whatever the answers do),
 *    1,000 events/s in all: 100 requests/s of 10 events, then 1,000 requests/s of 1 event. Every event
 *    is a text message with its own webhookEventId from one of the 200 users; half of them match an FAQ
 *    (answered through the fake LINE), half are questions nothing answers (contacts). 1 % of the events
 *    are delivered again one second later (`isRedelivery`, the same webhookEventId), in requests of
 *    their own on top of the rate. Measured: the 200's latency (request written → answer read) p50,
 *    p99, max, errors, the achieved rate; then the drain — the time from the last answer until the
 *    database shows every event handled (`line_events.handled_at`), polled — and the checks: events
 *    stored = events sent (each webhookEventId once, the redeliveries not stored again, the answers'
 *    `received` adding up to the events), one incoming chat message per event, a contact per
 *    unanswered question, an FAQ answer (reply or push) per matching one, no handling error.
 *
 * Bounded (rows × seconds; the drain wait is bounded too) and stops by itself (BENCH_MAX_MINUTES).
 * Results are printed and written to bench/RESULTS.md (the line section only; not with BENCH_NO_WRITE=1).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { fullMenu, PLATFORM_ONLY_SCREENS, type MenuSetting } from '@gasops/shared';
import { hashPassword } from '../apps/server/src/platform/auth.js';
import { openDatabase } from '../apps/server/src/platform/db.js';
import { migrate } from '../apps/server/src/platform/migrate.js';
import { seedParamDefaults } from '../apps/server/src/platform/params.js';
import { startFakeLine, type FakeLine } from '../apps/server/src/modules/line/fake-line.js';
import { log, startServer, stopServer } from './business.js';
import { abortAfterMaxMinutes, freePort } from './harness.js';
import { markdownTable, writeResultsSection } from './results.js';

const DB_NAME = 'gasops_bench_line';
const PASSWORD = 'Bench1234';
const SECRET = crypto.randomBytes(16).toString('hex');
const USERS = 200;
const EVENTS_PER_SECOND = 1000;
const REDELIVERED_EVERY = 100; // 1 % of the events
const TARGET_P99_MS = 100;
const DRAIN_MAX_MS = 10 * 60_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** FAQs the bench makes (contains); the matching texts ask them in a sentence. */
const FAQS = [
  { keyword: '營業時間', reply: '我們每天 08:00–20:00 營業。' },
  { keyword: '瓦斯價格', reply: '本月 20 公斤桶裝瓦斯 NT$ 820。' },
  { keyword: '配送範圍', reply: '中山區、大同區當日配送。' },
  { keyword: '安全檢查', reply: '每年免費安全檢查一次，請來電預約。' },
];
const MATCHING = FAQS.map((f, i) => `請問${f.keyword}${i % 2 ? '是？' : '怎麼算'}`);
/** Questions nothing answers: each becomes a contact (and, once per text, a pending FAQ). */
const UNANSWERED = Array.from({ length: 20 }, (_, i) => `我家的瓦斯爐第 ${i + 1} 個開關點不著火怎麼辦`);

type Row = { label: string; eventsPerRequest: number; requestsPerSecond: number };
/** Two ways LINE delivers the rate: batches of 10 events, and one event a request. */
const rowsAt = (rate: number): Row[] =>
  [10, 1].map((e) => ({
    label: `${(rate / e).toLocaleString('en-US')} requests/s × ${e} event${e > 1 ? 's' : ''}`,
    eventsPerRequest: e,
    requestsPerSecond: rate / e,
  }));

/** `--seconds N` a row (default 10), `--rate N` events a second (default 1,000; lower for a smoke run). */
function parseArgs(argv: string[]): { seconds: number; rate: number } {
  const args = { seconds: 10, rate: EVENTS_PER_SECOND };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => Number(a.includes('=') ? a.split('=')[1] : argv[++i]);
    if (a.startsWith('--seconds')) args.seconds = value();
    else if (a.startsWith('--rate')) args.rate = value();
  }
  if (!(Number.isInteger(args.seconds) && args.seconds >= 1 && args.seconds <= 60)) throw new Error('--seconds must be an integer 1..60');
  if (!(Number.isInteger(args.rate) && args.rate >= 10 && args.rate <= 5000 && args.rate % 10 === 0))
    throw new Error('--rate must be a multiple of 10 in 10..5000');
  return args;
}

async function recreateDatabase(baseUrl: string): Promise<string> {
  const u = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname)) throw new Error(`refusing non-local database host ${u.hostname}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  u.pathname = `/${DB_NAME}`;
  return u.toString();
}

/** The store group, its store and its manager (all stores, every screen of a group). */
async function seedGroup(dbUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '' });
  try {
    await migrate(database);
    await seedParamDefaults(database.db);
  } finally {
    await database.close();
  }
  const menu = Object.fromEntries(Object.entries(fullMenu()).filter(([s]) => !PLATFORM_ONLY_SCREENS.includes(s as never))) as MenuSetting;
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const group = (
      await c.query(`INSERT INTO store_groups(name, currency, time_zone) VALUES ('LINE bench group', 'TWD', 'Asia/Taipei') RETURNING id`)
    ).rows[0].id as number;
    const store = (
      await c.query(`INSERT INTO stores(group_id, name, latitude, longitude) VALUES ($1, 'LINE bench store', 25.05, 121.52) RETURNING id`, [
        group,
      ])
    ).rows[0].id as number;
    const role = (
      await c.query(`INSERT INTO roles(group_id, code, name, menu) VALUES ($1, 'manager', 'Manager', $2) RETURNING id`, [
        group,
        JSON.stringify(menu),
      ])
    ).rows[0].id as number;
    await c.query(
      `INSERT INTO users(group_id, account, name, password_hash, role_id, all_stores, default_store_id) VALUES ($1, 'bench_line', 'Bench manager', $2, $3, true, $4)`,
      [group, await hashPassword(PASSWORD), role, store],
    );
  } finally {
    await c.end();
  }
}

/** As the manager, through the API: the channel (its webhook path) and the FAQs. */
async function setUpChannel(baseUrl: string): Promise<{ webhookPath: string; channelId: number }> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'bench_line', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const channel = await post('/line/channels', {
    name: 'Bench OA',
    channelId: '1650009001',
    channelSecret: SECRET,
    accessToken: 'bench-token',
  });
  for (const f of FAQS) await post('/line/faqs', { ...f, matchMode: 'contains', status: 'maintained' });
  return { webhookPath: channel.webhookPath as string, channelId: channel.id as number };
}

const userId = (u: number) => `Ubench${String(u).padStart(27, '0')}`;

/** A LINE webhook event; `id` makes its webhookEventId and message id. */
function textEvent(id: string, user: number, text: string) {
  return {
    type: 'message',
    mode: 'active',
    timestamp: Date.now(),
    source: { type: 'user', userId: userId(user) },
    webhookEventId: id,
    deliveryContext: { isRedelivery: false },
    replyToken: `rt-${id}`,
    message: { id: `m-${id}`, type: 'text', quoteToken: 'q', text },
  };
}
type LineEvent = ReturnType<typeof textEvent> | Record<string, unknown>;

type Answer = { ms: number; status: number; received: number };

/** One signed delivery, as LINE posts it; resolves with the status, `received` and the time to the answer. */
function deliver(agent: http.Agent, url: URL, events: LineEvent[]): Promise<Answer> {
  const body = JSON.stringify({ destination: 'Ubot', events });
  const signature = crypto.createHmac('sha256', SECRET).update(body).digest('base64');
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'x-line-signature': signature,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let received = 0;
          try {
            received = Number((JSON.parse(text) as { received?: number }).received ?? 0);
          } catch {
            /* not JSON: counted by its status */
          }
          resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, received });
        });
        res.on('error', () => resolve({ ms: performance.now() - t0, status: 0, received: 0 }));
      },
    );
    req.on('error', () => resolve({ ms: performance.now() - t0, status: 0, received: 0 }));
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

/** Sends `send(i)` for i = 0..count-1 at `perSecond`, each at its time (open loop); answers the sender's worst lag. */
async function paced(count: number, perSecond: number, send: (i: number) => void): Promise<number> {
  const t0 = performance.now();
  let i = 0;
  let lag = 0;
  while (i < count) {
    const now = performance.now();
    const due = Math.min(count, Math.floor(((now - t0) * perSecond) / 1000) + 1);
    if (due > i) lag = Math.max(lag, now - (t0 + (i * 1000) / perSecond));
    while (i < due) send(i++);
    await new Promise((r) => setTimeout(r, 1));
  }
  return lag;
}

const pick = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

type Result = {
  row: Row;
  requests: number;
  events: number;
  redelivered: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  eventsPerSecond: number;
  senderLagMs: number;
  loopDelayP99: number;
  receivedSum: number;
  stored: number;
  distinct: number;
  storedRedeliveries: number;
  handled: number;
  handlingErrors: number;
  messagesIn: number;
  contacts: number;
  faqAnswers: { reply: number; push: number };
  expectedFaq: number;
  expectedContacts: number;
  drainS: number | null;
  handledPerSecond: number;
};

async function runRow(
  rowIndex: number,
  row: Row,
  seconds: number,
  baseUrl: string,
  hook: { webhookPath: string; channelId: number },
  fake: FakeLine,
  client: pg.Client,
): Promise<Result> {
  const url = new URL(hook.webhookPath, baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const requests = row.requestsPerSecond * seconds;
  const E = row.eventsPerRequest;
  const prefix = `BL${rowIndex}R${Date.now().toString(36)}`;
  const sentEvents: ReturnType<typeof textEvent>[][] = [];
  let expectedFaq = 0;
  let expectedContacts = 0;
  const answers: Promise<Answer>[] = [];
  let lastAnswerAt = 0;
  const track = (p: Promise<Answer>) => answers.push(p.finally(() => (lastAnswerAt = Date.now())));
  // Redeliveries: the events of every 100th request, again one second (requestsPerSecond requests) later.
  const redeliverAfter = new Map<number, number[]>();
  for (let k = 0; k < requests; k += REDELIVERED_EVERY) {
    const at = Math.min(requests - 1, k + row.requestsPerSecond);
    redeliverAfter.set(at, [...(redeliverAfter.get(at) ?? []), k]);
  }
  const redeliver = (k: number) =>
    track(
      deliver(
        agent,
        url,
        sentEvents[k]!.map((e) => ({ ...e, deliveryContext: { isRedelivery: true } })),
      ),
    );

  fake.reset();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  log(`${row.label}: ${requests} requests, ${requests * E} events in ${seconds} s`);
  const t0 = performance.now();
  const lag = await paced(requests, row.requestsPerSecond, (i) => {
    const events = Array.from({ length: E }, (_, j) => {
      const n = i * E + j;
      const answered = n % 2 === 0;
      if (answered) expectedFaq++;
      else expectedContacts++;
      const text = answered ? MATCHING[(n >> 1) % MATCHING.length]! : UNANSWERED[(n >> 1) % UNANSWERED.length]!;
      return textEvent(`${prefix}E${n}`, (n * 7) % USERS, text);
    });
    sentEvents[i] = events;
    track(deliver(agent, url, events));
    for (const k of redeliverAfter.get(i) ?? []) redeliver(k);
  });
  const done = await Promise.all(answers);
  const elapsed = (performance.now() - t0) / 1000;
  loop.disable();
  agent.destroy();

  const ok = done.filter((a) => a.status === 200);
  const ms = ok.map((a) => a.ms).sort((a, b) => a - b);
  const events = requests * E;
  const redelivered = [...redeliverAfter.values()].flat().length * E;
  const result = {
    row,
    requests: done.length,
    events,
    redelivered,
    p50: pick(ms, 0.5),
    p99: pick(ms, 0.99),
    max: ms[ms.length - 1] ?? NaN,
    errors: done.length - ok.length,
    eventsPerSecond: (events + redelivered) / elapsed,
    senderLagMs: lag,
    loopDelayP99: loop.percentile(99) / 1e6,
    receivedSum: ok.reduce((s, a) => s + a.received, 0),
    expectedFaq,
    expectedContacts,
  };
  log(
    `${row.label}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms, ` +
      `${result.errors} errors, ${result.eventsPerSecond.toFixed(0)} events/s, sender lag max ${lag.toFixed(1)} ms`,
  );

  // Drain: poll until every event of the row is handled (bounded).
  const like = `${prefix}E%`;
  const count = async () =>
    (
      await client.query(
        `SELECT count(*)::int AS stored, count(DISTINCT webhook_event_id)::int AS distinct_ids, count(*) FILTER (WHERE is_redelivery)::int AS redeliveries,
                count(handled_at)::int AS handled, count(error)::int AS errors,
                extract(epoch FROM max(handled_at)) * 1000 AS last_handled, extract(epoch FROM min(received_at)) * 1000 AS first_received
           FROM line_events WHERE channel_id = $1 AND webhook_event_id LIKE $2`,
        [hook.channelId, like],
      )
    ).rows[0] as {
      stored: number;
      distinct_ids: number;
      redeliveries: number;
      handled: number;
      errors: number;
      last_handled: string | null;
      first_received: string | null;
    };
  const drainDeadline = Date.now() + DRAIN_MAX_MS;
  let c = await count();
  while (c.handled < c.stored && Date.now() < drainDeadline) {
    await new Promise((r) => setTimeout(r, 250));
    c = await count();
  }
  const drained = c.handled === c.stored;
  const lastHandled = Number(c.last_handled ?? 0);
  const drainS = drained ? Math.max(0, lastHandled - lastAnswerAt) / 1000 : null;
  const handledPerSecond = c.handled / Math.max(0.001, (lastHandled - Number(c.first_received ?? lastHandled)) / 1000);
  const m = (
    await client.query(
      `SELECT (SELECT count(*)::int FROM line_messages WHERE direction = 'in' AND line_message_id LIKE $1) AS messages_in,
              (SELECT count(*)::int FROM line_contacts k JOIN line_messages m ON m.id = k.message_id WHERE m.line_message_id LIKE $1) AS contacts`,
      [`m-${like}`],
    )
  ).rows[0] as { messages_in: number; contacts: number };
  const sentTexts = (path: string) =>
    fake
      .sent(path)
      .filter((r) => ((r.body as { messages?: { text?: string }[] })?.messages ?? []).some((x) => FAQS.some((f) => f.reply === x.text)))
      .length;
  const r: Result = {
    ...result,
    stored: c.stored,
    distinct: c.distinct_ids,
    storedRedeliveries: c.redeliveries,
    handled: c.handled,
    handlingErrors: c.errors,
    messagesIn: m.messages_in,
    contacts: m.contacts,
    faqAnswers: { reply: sentTexts('/v2/bot/message/reply'), push: sentTexts('/v2/bot/message/push') },
    drainS,
    handledPerSecond,
  };
  log(
    `${row.label}: stored ${r.stored}/${events} (distinct ${r.distinct}, redeliveries stored ${r.storedRedeliveries}), handled ${r.handled}` +
      `${drained ? ` ${drainS!.toFixed(1)} s after the last answer` : ' — NOT drained'}, ${handledPerSecond.toFixed(0)} handled/s, ` +
      `${r.handlingErrors} handling errors; messages ${r.messagesIn}, contacts ${r.contacts}/${expectedContacts}, ` +
      `FAQ answers ${r.faqAnswers.reply} reply + ${r.faqAnswers.push} push / ${expectedFaq}`,
  );
  return r;
}

/** The checks a row must pass: every event stored and handled once, nothing lost, nothing doubled. */
function failedChecks(r: Result): string[] {
  const out: string[] = [];
  if (r.stored !== r.events) out.push(`stored ${r.stored} ≠ sent ${r.events}`);
  if (r.distinct !== r.stored) out.push(`${r.stored - r.distinct} events stored twice`);
  if (r.errors === 0 && r.receivedSum !== r.events) out.push(`answers' received add up to ${r.receivedSum}, not ${r.events}`);
  if (r.drainS === null) out.push(`not all handled within ${DRAIN_MAX_MS / 60_000} min (${r.handled}/${r.stored})`);
  if (r.handlingErrors > 0) out.push(`${r.handlingErrors} handling errors`);
  if (r.messagesIn !== r.events) out.push(`${r.messagesIn} chat messages for ${r.events} events`);
  if (r.contacts !== r.expectedContacts) out.push(`${r.contacts} contacts for ${r.expectedContacts} unanswered questions`);
  if (r.faqAnswers.reply + r.faqAnswers.push !== r.expectedFaq)
    out.push(`${r.faqAnswers.reply + r.faqAnswers.push} FAQ answers for ${r.expectedFaq}`);
  return out;
}

async function main(argv: string[]): Promise<void> {
  const { seconds, rate } = parseArgs(argv);
  const guard = abortAfterMaxMinutes();
  const started = new Date();
  const baseDb = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
  const dbUrl = await recreateDatabase(baseDb);
  await seedGroup(dbUrl);
  log(`database ${DB_NAME} recreated and migrated`);

  const fake = await startFakeLine();
  for (let u = 0; u < USERS; u++) fake.profiles.set(userId(u), `Bench customer ${u}`);
  process.env.LINE_API_URL = fake.url;
  const port = await freePort();
  const server = await startServer(dbUrl, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const results: Result[] = [];
  try {
    const hook = await setUpChannel(baseUrl);
    // Not measured: the 200 users follow (their rooms, with names from LINE's profile).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const url = new URL(hook.webhookPath, baseUrl);
    for (let u = 0; u < USERS; u += 10) {
      const follows = Array.from({ length: 10 }, (_, j) => ({
        type: 'follow',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId: userId(u + j) },
        webhookEventId: `BLfollow${u + j}`,
        deliveryContext: { isRedelivery: false },
        replyToken: `rt-follow-${u + j}`,
      }));
      const a = await deliver(agent, url, follows);
      if (a.status !== 200) throw new Error(`follow delivery answered ${a.status}`);
    }
    agent.destroy();
    for (let t = Date.now() + 60_000; Date.now() < t;) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM line_rooms WHERE channel_id = $1`, [hook.channelId]);
      if (rows[0].n === USERS) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const [i, row] of rowsAt(rate).entries()) results.push(await runRow(i + 1, row, seconds, baseUrl, hook, fake, client));
  } finally {
    await client.end();
    await stopServer(server);
    await fake.close();
  }

  const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const verdicts = results.map((r) => ({ r, failed: failedChecks(r), met: r.p99 < TARGET_P99_MS && r.errors === 0 }));
  const section = [
    `## LINE webhook under load (\`npm run bench:line\`)`,
    '',
    `- Command: \`npm run bench:line -- --seconds ${seconds}${rate === EVENTS_PER_SECOND ? '' : ` --rate ${rate}`}\` (DATABASE_URL=${new URL(baseDb).host}, database ${DB_NAME})`,
    `- Date: ${started.toISOString()}; machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average at the end (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
    `- Load: the server in its own process (\`apps/server/src/server.ts\`, NODE_ENV=production, LOG_LEVEL=warn) on 127.0.0.1 against PostgreSQL on the same machine; the fake LINE (\`fake-line.ts\`) in the bench process. Signed deliveries (HMAC-SHA256 of the raw body) at a fixed rate (open loop, keep-alive connections) for ${seconds} s a row, ${rate.toLocaleString('en-US')} events/s; each event a text message with its own webhookEventId from one of ${USERS} users who followed before (not measured), half matching one of ${FAQS.length} FAQs (answered through the fake LINE), half questions nothing answers (contacts); 1 % of the events delivered again 1 s later (\`isRedelivery\`), in requests of their own on top of the rate. Latency: request written → answer read, 200s only. Drain: from the last answer until the last event's \`handled_at\` (the handling runs in process after the answer, in lanes of one chat room, up to 4 at once).`,
    '',
    markdownTable(
      ['deliveries', 'target', 'requests', 'events (+ redelivered)', 'p50 ms', 'p99 ms', 'max ms', 'events/s sent', 'errors', 'met'],
      verdicts.map(({ r, met }) => [
        r.row.label,
        `p99 < ${TARGET_P99_MS} ms`,
        String(r.requests),
        `${r.events} (+ ${r.redelivered})`,
        f1(r.p50),
        f1(r.p99),
        f1(r.max),
        r.eventsPerSecond.toFixed(0),
        String(r.errors),
        met ? 'yes' : '**no**',
      ]),
    ),
    '',
    markdownTable(
      [
        'deliveries',
        'stored / sent',
        'kept from the redelivery (it overtook the original)',
        'handled',
        'drain after the last answer',
        'handled/s',
        'contacts',
        'FAQ answers: reply + push',
        'checks',
      ],
      verdicts.map(({ r, failed }) => [
        r.row.label,
        `${r.stored} / ${r.events}`,
        String(r.storedRedeliveries),
        `${r.handled} (${r.handlingErrors} errors)`,
        r.drainS === null ? 'not drained' : `${r.drainS.toFixed(1)} s`,
        r.handledPerSecond.toFixed(0),
        `${r.contacts} / ${r.expectedContacts}`,
        `${r.faqAnswers.reply} + ${r.faqAnswers.push} / ${r.expectedFaq}`,
        failed.length === 0 ? 'all passed' : `**failed**: ${failed.join('; ')}`,
      ]),
    ),
    '',
    `Bench process while sending (its own event loop, not the server's): worst sender lag ${results.map((r) => `${f1(r.senderLagMs)} ms`).join(' / ')}, event-loop delay p99 ${results.map((r) => `${f1(r.loopDelayP99)} ms`).join(' / ')} (rows in order).`,
  ].join('\n');
  console.log(`\n${section}`);
  writeResultsSection('line', section);
  clearTimeout(guard);
  if (verdicts.some((v) => v.failed.length > 0)) throw new Error('LINE bench: a check failed (see the table)');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
