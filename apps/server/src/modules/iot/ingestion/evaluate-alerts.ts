import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.js';
import { groupParamsSql } from '../../../platform/params.js';

/**
 * Opens and closes alert episodes for installed devices in one statement: low gas (below
 * LOW_GAS_PERCENT), leak (drop faster than LEAK_DROP_KG_PER_HOUR), offline (silent for
 * DEVICE_OFFLINE_MINUTES), low battery (below LOW_BATTERY_PERCENT). An episode stays open while its
 * condition holds (the partial unique index allows one open row per installation and kind) and is
 * closed when the condition clears. `deviceIds` limits the evaluation (the devices of an
 * ingestion batch); null evaluates every installation (the periodic offline sweep). The latest
 * state counts only when its reading is the installation's own (a reused scale's previous
 * household raises nothing; a device without a reading there is offline from its installation).
 */
export async function evaluateAlerts(exec: Executor, deviceIds: number[] | null): Promise<void> {
  if (deviceIds && deviceIds.length === 0) return;
  const filter: SQL = deviceIds
    ? sql`and sd.device_id in (select value::int from json_array_elements_text(${JSON.stringify(deviceIds)}::json))`
    : sql``;
  await exec.execute(sql`
    with cur as (
      select sd.id as sd_id, sd.group_id, sd.store_id, sd.device_id, sd.customer_id, sd.capacity_grams, sd.tare_grams,
             ds.gross_grams, ds.battery, ds.drop_grams_per_hour, coalesce(ds.last_seen_at, sd.created_at) as seen
        from store_devices sd left join device_state ds on ds.device_id = sd.device_id and ds.store_device_id = sd.id
       where sd.uninstall_date is null ${filter}
    ), grp as materialized (${groupParamsSql(sql`cur`, {
      low_gas: 'LOW_GAS_PERCENT',
      low_battery: 'LOW_BATTERY_PERCENT',
      leak_kg: 'LEAK_DROP_KG_PER_HOUR',
      offline_min: 'DEVICE_OFFLINE_MINUTES',
    })}), conds as (
      select c.sd_id, c.group_id, c.store_id, c.device_id, c.customer_id, v.kind, v.active, v.value
        from cur c join grp p on p.group_id = c.group_id
        cross join lateral (values
          ('lowGas', c.gross_grams is not null and greatest(0, c.gross_grams - c.tare_grams) * 100.0 < p.low_gas * c.capacity_grams,
             case when c.gross_grams is null then null else round(greatest(0, c.gross_grams - c.tare_grams) * 100.0 / c.capacity_grams)::int end),
          ('lowBattery', c.battery is not null and c.battery < p.low_battery, c.battery::int),
          ('leak', coalesce(c.drop_grams_per_hour > p.leak_kg * 1000, false), c.drop_grams_per_hour),
          ('offline', c.seen < now() - p.offline_min * interval '1 minute', (extract(epoch from now() - c.seen) / 60)::int)
        ) as v(kind, active, value)
    ), opened as (
      insert into iot_alerts (group_id, store_id, device_id, store_device_id, customer_id, kind, value)
      select group_id, store_id, device_id, sd_id, customer_id, kind, value from conds where active
      on conflict (store_device_id, kind) where closed_at is null do nothing
      returning id
    )
    update iot_alerts a set closed_at = now()
      from conds c
     where a.store_device_id = c.sd_id and a.kind = c.kind and a.closed_at is null and not c.active`);
}
