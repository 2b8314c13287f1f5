-- Field app (issue 13): the actions phones queue offline and sync exactly once, and the gas safety
-- inspections (gasExamine, Fire Services Act §15-1) recorded on them.
-- Timestamps timestamptz (UTC); calendar dates `date` (the group's day); money integer minor units.

SET LOCAL statement_timeout = 0;

-- One row per action a phone sent and the server applied (rejected actions are not stored). The
-- phone's UUID is unique: it is inserted in the same transaction as the action's effect, and a
-- repeat is answered with `result` (the first answer) without doing anything.
CREATE TABLE field_actions (
  id serial PRIMARY KEY,
  action_id uuid NOT NULL,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer REFERENCES stores(id),
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('deliver', 'return', 'packaging', 'filling-in', 'examine')),
  status text NOT NULL CHECK (status IN ('applied', 'conflict')),
  -- Why a conflict (field.ts FIELD_CONFLICT_REASONS).
  reasons text[] NOT NULL DEFAULT '{}',
  device_time timestamptz NOT NULL,
  server_time timestamptz NOT NULL DEFAULT now(),
  order_id integer REFERENCES orders(id) ON DELETE SET NULL,
  customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
  payment_type text CHECK (payment_type IN ('cash', 'bill')),
  cash_amount integer CHECK (cash_amount IS NULL OR cash_amount >= 0),
  line_count integer NOT NULL DEFAULT 0,
  pending_count integer NOT NULL DEFAULT 0,
  -- Proof of delivery: files under DATA_DIR (paths relative to it), the phone's position.
  signature_path text,
  photo_path text,
  latitude double precision,
  longitude double precision,
  accuracy_m double precision,
  -- The payload as applied (without the images) and the answer given.
  payload jsonb NOT NULL,
  result jsonb NOT NULL
);
CREATE UNIQUE INDEX field_actions_action_uq ON field_actions(action_id);
CREATE INDEX field_actions_group_idx ON field_actions(group_id, server_time DESC, id DESC);
CREATE INDEX field_actions_conflict_idx ON field_actions(group_id, server_time DESC) WHERE status = 'conflict';
CREATE INDEX field_actions_order_idx ON field_actions(order_id) WHERE order_id IS NOT NULL;
CREATE INDEX field_actions_user_idx ON field_actions(user_id, server_time DESC);

-- Gas safety inspections at customers' premises.
CREATE TABLE inspections (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  customer_id integer NOT NULL REFERENCES customers(id),
  inspector_id integer REFERENCES users(id) ON DELETE SET NULL,
  field_action_id integer REFERENCES field_actions(id) ON DELETE SET NULL,
  inspection_date date NOT NULL,
  inspected_at timestamptz NOT NULL,
  result text NOT NULL CHECK (result IN ('pass', 'fail')),
  -- { hose: { result, note }, regulator: …, leakTest, ventilation, placement, cylinderInDate }
  items jsonb NOT NULL,
  failed_items text[] NOT NULL DEFAULT '{}',
  -- [{ code, cylinderId, inspectionStatus }] scanned at the customer's
  cylinders jsonb NOT NULL DEFAULT '[]',
  next_due_date date,
  signature_path text,
  photo_path text,
  latitude double precision,
  longitude double precision,
  accuracy_m double precision,
  remark text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspections_group_date_idx ON inspections(group_id, inspection_date DESC, id DESC);
CREATE INDEX inspections_store_date_idx ON inspections(store_id, inspection_date DESC, id DESC);
CREATE INDEX inspections_customer_idx ON inspections(customer_id, inspection_date DESC);
CREATE INDEX inspections_inspector_idx ON inspections(inspector_id, inspection_date DESC);
