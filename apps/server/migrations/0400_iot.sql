-- IoT residual gas (module 5): scale devices, their transfers and installations at customers,
-- raw readings, the latest state per device, daily usage roll-ups and alerts.
-- Weights are integer grams; timestamps timestamptz (UTC); calendar dates `date`.

-- A scale device. Platform stock while group_id is NULL; "transferred" once handed to a store.
-- The secret authenticates its readings (MQTT password / HTTP token); only its SHA-256 is kept:
-- secrets are 256-bit random values, so a slow password hash would add nothing but latency.
CREATE TABLE devices (
  id serial PRIMARY KEY,
  serial text NOT NULL,
  group_id integer REFERENCES store_groups(id),
  store_id integer REFERENCES stores(id),
  transferred boolean NOT NULL DEFAULT false,
  transfer_date date,
  recycle_date date,
  secret_hash text NOT NULL,
  secret_rotated_at timestamptz NOT NULL DEFAULT now(),
  simulated boolean NOT NULL DEFAULT false,
  remark text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (recycle_date IS NULL OR transfer_date IS NULL OR recycle_date >= transfer_date)
);
CREATE UNIQUE INDEX devices_serial_uq ON devices(serial);
CREATE INDEX devices_group_store_idx ON devices(group_id, store_id);

-- Transfer record: every transfer and recycle of a device.
CREATE TABLE device_transfers (
  id bigserial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('transfer', 'recycle')),
  group_id integer REFERENCES store_groups(id),
  store_id integer REFERENCES stores(id),
  date date NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  account text,
  remark text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_transfers_device_idx ON device_transfers(device_id, id);

-- Store device: a device installed at a customer under a cylinder (capacity and tare in grams).
-- Installed while uninstall_date IS NULL; residual and actual usage are frozen at uninstall.
CREATE TABLE store_devices (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  device_id integer NOT NULL REFERENCES devices(id),
  customer_id integer NOT NULL REFERENCES customers(id),
  install_date date NOT NULL,
  uninstall_date date,
  capacity_grams integer NOT NULL CHECK (capacity_grams > 0),
  tare_grams integer NOT NULL CHECK (tare_grams >= 0),
  residual_grams integer,
  usage_grams integer,
  remark text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (uninstall_date IS NULL OR uninstall_date >= install_date)
);
CREATE UNIQUE INDEX store_devices_active_device_uq ON store_devices(device_id) WHERE uninstall_date IS NULL;
CREATE INDEX store_devices_active_store_idx ON store_devices(store_id) WHERE uninstall_date IS NULL;
CREATE INDEX store_devices_device_idx ON store_devices(device_id, id DESC);
CREATE INDEX store_devices_customer_idx ON store_devices(customer_id);

-- Raw readings. The key (device, device timestamp) makes ingestion idempotent (a re-sent message
-- is a no-op) and serves "readings of a device between two times" as one index range scan.
-- 10,000 devices at one reading per 10 minutes is ~525 M rows a year: partition by month
-- (same key) when a deployment gets there; the BRIN index keeps retention/time scans cheap.
-- No foreign key: only authenticated devices reach this table and a per-row FK check would
-- halve the ingestion rate.
CREATE TABLE device_readings (
  device_id integer NOT NULL,
  ts timestamptz NOT NULL,
  seq bigint,
  gross_grams integer NOT NULL,
  battery smallint,
  signal smallint,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, ts)
);
CREATE INDEX device_readings_received_brin ON device_readings USING brin(received_at);

-- Latest state per device, updated in the same transaction as the readings so lists never scan
-- readings. anchor_* is the start of the current leak-detection window.
CREATE TABLE device_state (
  device_id integer PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  last_ts timestamptz NOT NULL,
  last_seq bigint,
  gross_grams integer NOT NULL,
  battery smallint,
  signal smallint,
  last_seen_at timestamptz NOT NULL,
  anchor_ts timestamptz NOT NULL,
  anchor_gross integer NOT NULL,
  drop_grams_per_hour integer,
  reading_count bigint NOT NULL DEFAULT 0
);
CREATE INDEX device_state_seen_idx ON device_state(last_seen_at);

-- Gas used per device and UTC day (refills excluded), with the observed span, for the
-- N-day average on lists of thousands of devices without touching raw readings.
CREATE TABLE device_usage_daily (
  device_id integer NOT NULL,
  day date NOT NULL,
  used_grams integer NOT NULL DEFAULT 0,
  refills integer NOT NULL DEFAULT 0,
  first_ts timestamptz NOT NULL,
  last_ts timestamptz NOT NULL,
  PRIMARY KEY (device_id, day)
);

-- Alerts: one row per episode (open while closed_at IS NULL, at most one open per kind).
CREATE TABLE iot_alerts (
  id bigserial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  device_id integer NOT NULL REFERENCES devices(id),
  store_device_id integer NOT NULL REFERENCES store_devices(id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers(id),
  kind text NOT NULL CHECK (kind IN ('lowGas', 'leak', 'offline', 'lowBattery')),
  value integer,
  opened_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  order_id integer
);
CREATE UNIQUE INDEX iot_alerts_open_uq ON iot_alerts(store_device_id, kind) WHERE closed_at IS NULL;
CREATE INDEX iot_alerts_store_open_idx ON iot_alerts(store_id, opened_at DESC) WHERE closed_at IS NULL;
CREATE INDEX iot_alerts_store_idx ON iot_alerts(store_id, opened_at DESC);

-- Nearby search (POST /api/store/nearbyDisabled): bounding-box prefilter on customer coordinates.
CREATE INDEX IF NOT EXISTS customers_lat_lon_idx ON customers(latitude, longitude);
