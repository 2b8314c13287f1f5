import { sql } from 'drizzle-orm';
import { dropRateGramsPerHour, stepUsage } from '@gasops/shared';
import { affectedRows, rowsOfResult, type Tx } from '../../../platform/db.js';
import { evaluateAlerts } from './evaluate-alerts.js';

/** One authenticated reading on its way to the database. */
export type Reading = {
  deviceId: number;
  ts: Date;
  seq: number | null;
  grossGrams: number;
  battery: number | null;
  signal: number | null;
};

/** Minimum window over which a drop rate is measured for leak detection. */
const LEAK_WINDOW_MS = 15 * 60_000;

type StateRow = {
  device_id: number;
  last_ts: Date | string;
  last_seq: number | string | null;
  gross_grams: number;
  battery: number | null;
  signal: number | null;
  anchor_ts: Date | string;
  anchor_gross: number;
  drop_grams_per_hour: number | null;
};

type State = {
  lastTs: number;
  lastSeq: number | null;
  gross: number;
  battery: number | null;
  signal: number | null;
  anchorTs: number;
  anchorGross: number;
  drop: number | null;
  count: number;
};

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * One batch in one transaction. Late readings (older than the device's latest) are stored and
 * queryable but do not move the state or the usage roll-up: consumption between two stored
 * neighbours has already been counted as their difference.
 */
export async function writeBatch(
  tx: Tx,
  input: readonly Reading[],
  /** Which devices' alerts to evaluate in this transaction (default: all in the batch). */
  evaluate: (deviceIds: number[]) => number[] = (ids) => ids,
): Promise<{ inserted: number; late: number }> {
  // Same (device, ts) twice in one batch: keep the first, like the primary key would.
  const seen = new Set<string>();
  const rows: Reading[] = [];
  for (const r of input) {
    const key = `${r.deviceId}|${r.ts.getTime()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(r);
  }
  const byDevice = new Map<number, Reading[]>();
  for (const r of rows) {
    const list = byDevice.get(r.deviceId);
    if (list) list.push(r);
    else byDevice.set(r.deviceId, [r]);
  }
  const ids = [...byDevice.keys()].sort((a, b) => a - b);
  // Lock the state rows first, in a fixed order: concurrent batches (or app instances) serialise
  // per device, so the state read here is the latest committed one when the readings go in.
  const prior = rowsOfResult<StateRow>(
    await tx.execute(sql`
      select device_id, last_ts, last_seq, gross_grams, battery, signal, anchor_ts, anchor_gross, drop_grams_per_hour
        from device_state
       where device_id = any(${`{${ids.join(',')}}`}::int[])
       order by device_id
         for update`),
  );
  // Readings newer than their device's latest state cannot be stored yet (the state is the newest
  // stored reading and it is locked): they go in without RETURNING. Older ones are late data or
  // redeliveries; the rare batch that has them learns which were new from RETURNING.
  const priorLast = new Map(prior.map((p) => [p.device_id, ms(p.last_ts)]));
  const isNewer = (r: Reading) => {
    const last = priorLast.get(r.deviceId);
    return last === undefined || r.ts.getTime() > last;
  };
  const newer = rows.filter(isNewer);
  const older = newer.length === rows.length ? [] : rows.filter((r) => !isNewer(r));
  const insertSql = (list: Reading[]) => sql`
    insert into device_readings (device_id, ts, seq, gross_grams, battery, signal)
    select x.d, x.t, x.s, x.g, x.b, x.n
      from json_to_recordset(${JSON.stringify(
        list.map((r) => ({ d: r.deviceId, t: r.ts.toISOString(), s: r.seq, g: r.grossGrams, b: r.battery, n: r.signal })),
      )}::json) as x(d int, t timestamptz, s bigint, g int, b smallint, n smallint)
    on conflict do nothing`;
  let insertedCount = 0;
  if (newer.length > 0) insertedCount += affectedRows(await tx.execute(insertSql(newer)));
  const lateStored = new Set<string>();
  if (older.length > 0) {
    const stored = rowsOfResult<{ device_id: number; ts: Date | string }>(
      await tx.execute(sql`${insertSql(older)} returning device_id, ts`),
    );
    for (const r of stored) lateStored.add(`${r.device_id}|${ms(r.ts)}`);
    insertedCount += stored.length;
  }
  if (insertedCount === 0) return { inserted: 0, late: 0 };
  const states = new Map<number, State>(
    prior.map((p) => [
      p.device_id,
      {
        lastTs: ms(p.last_ts),
        lastSeq: p.last_seq === null ? null : Number(p.last_seq),
        gross: p.gross_grams,
        battery: p.battery,
        signal: p.signal,
        anchorTs: ms(p.anchor_ts),
        anchorGross: p.anchor_gross,
        drop: p.drop_grams_per_hour,
        count: 0,
      },
    ]),
  );
  type Usage = { d: number; day: string; u: number; r: number; f: string; l: string };
  const usage = new Map<string, Usage>();
  let late = 0;
  for (const id of ids) {
    const list = byDevice.get(id)!.sort((a, b) => a.ts.getTime() - b.ts.getTime());
    let st = states.get(id);
    for (const r of list) {
      const t = r.ts.getTime();
      if (!isNewer(r)) {
        // Late data is stored and counted but does not move the state; a redelivery is neither.
        if (lateStored.has(`${id}|${t}`)) {
          st!.count++;
          late++;
        }
        continue;
      }
      if (!st) {
        st = {
          lastTs: t,
          lastSeq: r.seq,
          gross: r.grossGrams,
          battery: r.battery,
          signal: r.signal,
          anchorTs: t,
          anchorGross: r.grossGrams,
          drop: null,
          count: 1,
        };
        states.set(id, st);
        continue;
      }
      st.count++;
      const step = stepUsage(st.gross, r.grossGrams);
      const day = utcDay(t);
      const key = `${id}|${day}`;
      const u = usage.get(key);
      const prevIso = new Date(st.lastTs).toISOString();
      if (u) {
        u.u += step.used;
        u.r += step.refill ? 1 : 0;
        u.l = r.ts.toISOString();
      } else usage.set(key, { d: id, day, u: step.used, r: step.refill ? 1 : 0, f: prevIso, l: r.ts.toISOString() });
      if (step.refill) {
        st.anchorTs = t;
        st.anchorGross = r.grossGrams;
        st.drop = null;
      } else {
        const rate = dropRateGramsPerHour(
          { ts: st.anchorTs, grossGrams: st.anchorGross },
          { ts: t, grossGrams: r.grossGrams },
          LEAK_WINDOW_MS,
        );
        if (rate !== null) {
          st.drop = Math.round(rate);
          st.anchorTs = t;
          st.anchorGross = r.grossGrams;
        }
      }
      st.lastTs = t;
      st.lastSeq = r.seq;
      st.gross = r.grossGrams;
      if (r.battery !== null) st.battery = r.battery;
      if (r.signal !== null) st.signal = r.signal;
    }
  }
  const statePayload = JSON.stringify(
    ids.map((id) => {
      const s = states.get(id)!;
      return {
        d: id,
        t: new Date(s.lastTs).toISOString(),
        q: s.lastSeq,
        g: s.gross,
        b: s.battery,
        n: s.signal,
        at: new Date(s.anchorTs).toISOString(),
        ag: s.anchorGross,
        dr: s.drop,
        c: s.count,
      };
    }),
  );
  await tx.execute(sql`
    insert into device_state (device_id, last_ts, last_seq, gross_grams, battery, signal, last_seen_at, anchor_ts, anchor_gross, drop_grams_per_hour, reading_count)
    select x.d, x.t, x.q, x.g, x.b, x.n, now(), x.at, x.ag, x.dr, x.c
      from json_to_recordset(${statePayload}::json) as x(d int, t timestamptz, q bigint, g int, b smallint, n smallint, at timestamptz, ag int, dr int, c int)
    on conflict (device_id) do update set
      last_ts = excluded.last_ts, last_seq = excluded.last_seq, gross_grams = excluded.gross_grams, battery = excluded.battery,
      signal = excluded.signal, last_seen_at = excluded.last_seen_at, anchor_ts = excluded.anchor_ts, anchor_gross = excluded.anchor_gross,
      drop_grams_per_hour = excluded.drop_grams_per_hour, reading_count = device_state.reading_count + excluded.reading_count`);
  if (usage.size > 0) {
    await tx.execute(sql`
      insert into device_usage_daily (device_id, day, used_grams, refills, first_ts, last_ts)
      select x.d, x.day, x.u, x.r, x.f, x.l
        from json_to_recordset(${JSON.stringify([...usage.values()])}::json) as x(d int, day date, u int, r int, f timestamptz, l timestamptz)
      on conflict (device_id, day) do update set
        used_grams = device_usage_daily.used_grams + excluded.used_grams,
        refills = device_usage_daily.refills + excluded.refills,
        first_ts = least(device_usage_daily.first_ts, excluded.first_ts),
        last_ts = greatest(device_usage_daily.last_ts, excluded.last_ts)`);
  }
  await evaluateAlerts(tx, evaluate(ids));
  return { inserted: insertedCount, late };
}
