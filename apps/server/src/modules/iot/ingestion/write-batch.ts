import { sql, type SQL } from 'drizzle-orm';
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

/**
 * A device's locked latest state. Instants come as epoch milliseconds: parsing thousands of
 * timestamps into Dates cost more than the query.
 */
type StateRow = {
  device_id: number;
  last_ms: number;
  last_seq: number | string | null;
  gross_grams: number;
  battery: number | null;
  signal: number | null;
  anchor_ms: number;
  anchor_gross: number;
  drop_grams_per_hour: number | null;
  store_device_id: number | null;
};

type State = {
  /** The installation the state's readings belong to (null: installed nowhere). */
  sd: number | null;
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

/**
 * An instant as epoch milliseconds: a float8 is parsed as a number, far cheaper than a timestamp
 * into a Date (date_part, not extract: no numeric arithmetic). Rounded where read (ms precision).
 */
const epochMs = (col: SQL) => sql`date_part('epoch', ${col}) * 1000`;
const msOf = (v: number | string) => Math.round(Number(v));
const DAY_MS = 86_400_000;
/**
 * Instants go to the database as epoch milliseconds and become timestamptz there, days as days
 * since the epoch: no Date or ISO string per reading on the hot path, and no timestamp text for
 * the database to parse. Exact: milliseconds over 1000 in float8 are within 0.2 µs of the instant,
 * and to_timestamp rounds to the microsecond.
 */
const tsOfMs = (col: SQL) => sql`to_timestamp(${col}::float8 / 1000)`;
/** A usage roll-up's key: its installation and UTC day (days since 1970 stay below 100,000 until the year 2243). */
const usageKey = (installation: number, day: number) => installation * 100_000 + day;

/**
 * One batch in one transaction. Late readings (older than the device's latest) are stored and
 * queryable but do not move the state or the usage roll-up: consumption between two stored
 * neighbours has already been counted as their difference.
 *
 * Each reading belongs to the installation in force when it is ingested, if it was taken at or
 * after that installation's start (`installed_from`); otherwise, or when the device is installed
 * nowhere, it is stored without one (counted as `notInstalled`, shown to nobody). The locked
 * state names the installation of the device's latest reading, and uninstalling clears it under
 * the same row lock, so a state that names one is still in force and a newer reading is its own:
 * the usual batch needs no lookup. Only devices whose state names none (a device just installed,
 * or installed nowhere) look up their active installation, with a key-share lock that an
 * uninstall waits for. The state, usage and leak chains restart at a change of installation, so
 * one household's weights never count in another's.
 */
export async function writeBatch(
  tx: Tx,
  input: readonly Reading[],
  /** Which devices' alerts to evaluate in this transaction (default: all in the batch). */
  evaluate: (deviceIds: number[]) => number[] = (ids) => ids,
): Promise<{ inserted: number; late: number; notInstalled: number }> {
  const byDevice = new Map<number, Reading[]>();
  for (const r of input) {
    const list = byDevice.get(r.deviceId);
    if (list) list.push(r);
    else byDevice.set(r.deviceId, [r]);
  }
  // Each device's readings in time order; the same (device, ts) twice in one batch: keep the first
  // (the sort is stable), like the primary key would.
  const rows: Reading[] = [];
  for (const [id, list] of byDevice) {
    list.sort((a, b) => a.ts.getTime() - b.ts.getTime());
    let kept = 0;
    for (let k = 0; k < list.length; k++) {
      if (kept > 0 && list[k]!.ts.getTime() === list[kept - 1]!.ts.getTime()) continue;
      list[kept++] = list[k]!;
    }
    list.length = kept;
    for (const r of list) rows.push(r);
    byDevice.set(id, list);
  }
  const ids = [...byDevice.keys()].sort((a, b) => a - b);
  // Lock the state rows first, in a fixed order: concurrent batches (or app instances) serialise
  // per device, so the state read here is the latest committed one when the readings go in.
  const prior = rowsOfResult<StateRow>(
    await tx.execute(sql`
      select device_id, ${epochMs(sql`last_ts`)} as last_ms, last_seq, gross_grams, battery, signal, ${epochMs(sql`anchor_ts`)} as anchor_ms,
             anchor_gross, drop_grams_per_hour, store_device_id
        from device_state
       where device_id = any(${`{${ids.join(',')}}`}::int[])
       order by device_id
         for update`),
  );
  const priorState = new Map(prior.map((p) => [p.device_id, p]));
  // The installation each device's readings may belong to: the one its state names (in force, see
  // above), else its active installation, looked up for those devices only.
  const installation = new Map<number, { id: number; from: number | null }>();
  for (const p of prior) {
    p.last_ms = msOf(p.last_ms);
    p.anchor_ms = msOf(p.anchor_ms);
    if (p.store_device_id !== null) installation.set(p.device_id, { id: p.store_device_id, from: null });
  }
  const unknown = ids.filter((id) => !installation.has(id));
  if (unknown.length > 0) {
    const active = rowsOfResult<{ device_id: number; id: number; from_ms: number }>(
      await tx.execute(sql`
        select device_id, id, ${epochMs(sql`installed_from`)} as from_ms
          from store_devices
         where device_id = any(${`{${unknown.join(',')}}`}::int[]) and uninstall_date is null
           for key share`),
    );
    for (const a of active) installation.set(a.device_id, { id: a.id, from: Number(a.from_ms) });
  }
  // Readings newer than their device's latest state cannot be stored yet (the state is the newest
  // stored reading and it is locked): they go in without RETURNING. Older ones are late data or
  // redeliveries; the rare batch that has them learns which were new from RETURNING.
  const isNewer = (r: Reading) => {
    const p = priorState.get(r.deviceId);
    return p === undefined || r.ts.getTime() > p.last_ms;
  };
  /**
   * The installation a newer reading belongs to. A state's own installation: the latest reading
   * was taken at or after its start, so a newer one was too. A looked-up one: from its start.
   */
  const ownerOf = (r: Reading): number | null => {
    const i = installation.get(r.deviceId);
    return i === undefined ? null : i.from === null || r.ts.getTime() >= i.from ? i.id : null;
  };
  const newer = rows.filter(isNewer);
  const older = newer.length === rows.length ? [] : rows.filter((r) => !isNewer(r));
  const rowsJson = (list: Reading[], owner: (r: Reading) => number | null) =>
    JSON.stringify(
      list.map((r) => ({ d: r.deviceId, t: r.ts.getTime(), s: r.seq, g: r.grossGrams, b: r.battery, n: r.signal, i: owner(r) })),
    );
  let insertedCount = 0;
  let notInstalled = 0;
  if (newer.length > 0) {
    insertedCount += affectedRows(
      await tx.execute(sql`
        insert into device_readings (device_id, ts, seq, gross_grams, battery, signal, store_device_id)
        select x.d, ${tsOfMs(sql`x.t`)}, x.s, x.g, x.b, x.n, x.i
          from json_to_recordset(${rowsJson(newer, ownerOf)}::json) as x(d int, t bigint, s bigint, g int, b smallint, n smallint, i int)
        on conflict do nothing`),
    );
    for (const r of newer) if (ownerOf(r) === null) notInstalled++;
  }
  const lateStored = new Set<string>();
  if (older.length > 0) {
    // A late reading is its installation's only if taken at or after the installation's start
    // (joined here: a state's installation's start is not read above).
    const stored = rowsOfResult<{ device_id: number; ts_ms: number; store_device_id: number | null }>(
      await tx.execute(sql`
        insert into device_readings (device_id, ts, seq, gross_grams, battery, signal, store_device_id)
        select x.d, x.t, x.s, x.g, x.b, x.n, case when x.t >= sd.installed_from then sd.id end
          from (select j.d, ${tsOfMs(sql`j.t`)} as t, j.s, j.g, j.b, j.n, j.i
                  from json_to_recordset(${rowsJson(older, (r) => installation.get(r.deviceId)?.id ?? null)}::json)
                       as j(d int, t bigint, s bigint, g int, b smallint, n smallint, i int)) x
          left join store_devices sd on sd.id = x.i
        on conflict do nothing
        returning device_id, ${epochMs(sql`ts`)} as ts_ms, store_device_id`),
    );
    for (const r of stored) {
      lateStored.add(`${r.device_id}|${msOf(r.ts_ms)}`);
      if (r.store_device_id === null) notInstalled++;
    }
    insertedCount += stored.length;
  }
  if (insertedCount === 0) return { inserted: 0, late: 0, notInstalled: 0 };
  const states = new Map<number, State>(
    prior.map((p) => [
      p.device_id,
      {
        sd: p.store_device_id,
        lastTs: p.last_ms,
        lastSeq: p.last_seq === null ? null : Number(p.last_seq),
        gross: p.gross_grams,
        battery: p.battery,
        signal: p.signal,
        anchorTs: p.anchor_ms,
        anchorGross: p.anchor_gross,
        drop: p.drop_grams_per_hour,
        count: 0,
      },
    ]),
  );
  /** A roll-up of one installation's UTC day (dn: days since 1970; f, l: first and last instant, epoch ms). */
  type Usage = { i: number; dn: number; u: number; r: number; f: number; l: number };
  const usage = new Map<number, Usage>();
  let late = 0;
  for (const id of ids) {
    const list = byDevice.get(id)!;
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
      const owner = ownerOf(r);
      if (!st || st.sd !== owner) {
        // The device's first reading, or the first of another installation (or of none): the
        // chains start over; nothing of the previous household carries over.
        st = {
          sd: owner,
          lastTs: t,
          lastSeq: r.seq,
          gross: r.grossGrams,
          battery: r.battery,
          signal: r.signal,
          anchorTs: t,
          anchorGross: r.grossGrams,
          drop: null,
          count: (st?.count ?? 0) + 1,
        };
        states.set(id, st);
        continue;
      }
      st.count++;
      const step = stepUsage(st.gross, r.grossGrams);
      if (owner !== null) {
        // Usage is rolled up per installation; a device installed nowhere has no household.
        const dn = Math.floor(t / DAY_MS);
        const key = usageKey(owner, dn);
        const u = usage.get(key);
        if (u) {
          u.u += step.used;
          u.r += step.refill ? 1 : 0;
          u.l = t;
        } else usage.set(key, { i: owner, dn, u: step.used, r: step.refill ? 1 : 0, f: st.lastTs, l: t });
      }
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
        t: s.lastTs,
        q: s.lastSeq,
        g: s.gross,
        b: s.battery,
        n: s.signal,
        at: s.anchorTs,
        ag: s.anchorGross,
        dr: s.drop,
        c: s.count,
        i: s.sd,
      };
    }),
  );
  await tx.execute(sql`
    insert into device_state (device_id, last_ts, last_seq, gross_grams, battery, signal, last_seen_at, anchor_ts, anchor_gross, drop_grams_per_hour, reading_count, store_device_id)
    select x.d, ${tsOfMs(sql`x.t`)}, x.q, x.g, x.b, x.n, now(), ${tsOfMs(sql`x.at`)}, x.ag, x.dr, x.c, x.i
      from json_to_recordset(${statePayload}::json) as x(d int, t bigint, q bigint, g int, b smallint, n smallint, at bigint, ag int, dr int, c int, i int)
    on conflict (device_id) do update set
      last_ts = excluded.last_ts, last_seq = excluded.last_seq, gross_grams = excluded.gross_grams, battery = excluded.battery,
      signal = excluded.signal, last_seen_at = excluded.last_seen_at, anchor_ts = excluded.anchor_ts, anchor_gross = excluded.anchor_gross,
      drop_grams_per_hour = excluded.drop_grams_per_hour, reading_count = device_state.reading_count + excluded.reading_count,
      store_device_id = excluded.store_device_id`);
  if (usage.size > 0) {
    await tx.execute(sql`
      insert into device_usage_daily (store_device_id, day, used_grams, refills, first_ts, last_ts)
      select x.i, date '1970-01-01' + x.dn, x.u, x.r, ${tsOfMs(sql`x.f`)}, ${tsOfMs(sql`x.l`)}
        from json_to_recordset(${JSON.stringify([...usage.values()])}::json) as x(i int, dn int, u int, r int, f bigint, l bigint)
      on conflict (store_device_id, day) do update set
        used_grams = device_usage_daily.used_grams + excluded.used_grams,
        refills = device_usage_daily.refills + excluded.refills,
        first_ts = least(device_usage_daily.first_ts, excluded.first_ts),
        last_ts = greatest(device_usage_daily.last_ts, excluded.last_ts)`);
  }
  await evaluateAlerts(tx, evaluate(ids));
  return { inserted: insertedCount, late, notInstalled };
}
