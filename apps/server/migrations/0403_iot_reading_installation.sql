-- Issue 11 (security 1): readings belong to an installation, not to a device.
-- A scale is reused: installed at a customer of store group A, uninstalled, recycled, transferred to
-- group B and installed there. Joining readings, latest state and usage roll-ups by device showed B
-- A's readings and A's old installation B's. From now on every reading is attributed, when it is
-- ingested, to the installation in force then (the device's active installation, if the reading
-- was taken at or after that installation's start); a reading of a device installed nowhere keeps
-- store_device_id NULL: stored, counted, shown to no tenant. Views select by installation.

-- When an installation's readings may start: the start of its install date in its store group's
-- time zone, but never before the device's previous uninstall (so a reading of the previous
-- household that arrives late is never the next one's). The uninstall instant closes it.
ALTER TABLE store_devices ADD COLUMN installed_from timestamptz NOT NULL DEFAULT now();
ALTER TABLE store_devices ADD COLUMN uninstalled_at timestamptz;
UPDATE store_devices SET uninstalled_at = updated_at WHERE uninstall_date IS NOT NULL;
UPDATE store_devices sd
   SET installed_from = greatest(
         sd.install_date::timestamp AT TIME ZONE coalesce(g.time_zone, 'Asia/Taipei'),
         coalesce((SELECT max(p.uninstalled_at) FROM store_devices p WHERE p.device_id = sd.device_id AND p.id < sd.id), '-infinity'))
  FROM store_groups g
 WHERE g.id = sd.group_id;

-- The installation a reading belongs to (NULL: the device was installed nowhere). No index of its
-- own: an installation's readings are read as a range of the (device_id, ts) key, filtered on it.
ALTER TABLE device_readings ADD COLUMN store_device_id integer;
-- Backfill by time ranges: the installation in force when the reading was received (between its
-- creation and its uninstall), for a reading taken at or after the installation's start.
UPDATE device_readings r
   SET store_device_id = sd.id
  FROM store_devices sd
 WHERE sd.device_id = r.device_id
   AND r.received_at >= sd.created_at
   AND (sd.uninstalled_at IS NULL OR r.received_at < sd.uninstalled_at)
   AND r.ts >= sd.installed_from;

-- The installation of the device's latest reading while that installation is in force: the views
-- show the latest state to that installation only (a device just installed shows nothing until its
-- first reading there), and ingestion attributes a device's newer readings to it without looking
-- installations up. Uninstalling clears it (trigger below, under the state row's lock), so a
-- state never names an installation that is no longer in force.
ALTER TABLE device_state ADD COLUMN store_device_id integer;
UPDATE device_state ds
   SET store_device_id = r.store_device_id
  FROM device_readings r
  JOIN store_devices sd ON sd.id = r.store_device_id AND sd.uninstall_date IS NULL
 WHERE r.device_id = ds.device_id AND r.ts = ds.last_ts;

CREATE FUNCTION store_devices_release_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_state SET store_device_id = NULL WHERE device_id = OLD.device_id AND store_device_id = OLD.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER store_devices_uninstall_release_state AFTER UPDATE OF uninstall_date ON store_devices
  FOR EACH ROW WHEN (OLD.uninstall_date IS NULL AND NEW.uninstall_date IS NOT NULL) EXECUTE FUNCTION store_devices_release_state();
CREATE TRIGGER store_devices_delete_release_state AFTER DELETE ON store_devices
  FOR EACH ROW EXECUTE FUNCTION store_devices_release_state();

-- Daily usage roll-ups per installation and UTC day (they were per device: a day shared by two
-- installations mixed their households). Recomputed from the attributed readings with the rule of
-- the ingestion (a drop is usage, a rise of 1 kg or more a refill, a smaller rise nets out).
DROP TABLE device_usage_daily;
CREATE TABLE device_usage_daily (
  store_device_id integer NOT NULL,
  day date NOT NULL,
  used_grams integer NOT NULL DEFAULT 0,
  refills integer NOT NULL DEFAULT 0,
  first_ts timestamptz NOT NULL,
  last_ts timestamptz NOT NULL,
  PRIMARY KEY (store_device_id, day)
);
INSERT INTO device_usage_daily (store_device_id, day, used_grams, refills, first_ts, last_ts)
SELECT store_device_id, (ts AT TIME ZONE 'UTC')::date,
       sum(CASE WHEN gross_grams - prev >= 1000 THEN 0 ELSE prev - gross_grams END)::int,
       (count(*) FILTER (WHERE gross_grams - prev >= 1000))::int,
       min(prev_ts), max(ts)
  FROM (SELECT store_device_id, ts, gross_grams,
               lag(gross_grams) OVER w AS prev, lag(ts) OVER w AS prev_ts
          FROM device_readings
         WHERE store_device_id IS NOT NULL
        WINDOW w AS (PARTITION BY store_device_id ORDER BY ts)) s
 WHERE prev IS NOT NULL
 GROUP BY 1, 2;
-- The residual gas list's averaging window as one index-only range scan (was by device).
CREATE INDEX device_usage_daily_day_idx ON device_usage_daily (day, store_device_id) INCLUDE (used_grams, first_ts, last_ts);
