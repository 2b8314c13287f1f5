-- Platform foundation: tenancy (store groups, stores), identity (users, roles), auditing, parameters.
-- Money is integer minor units, weights integer grams, timestamps timestamptz (UTC).

CREATE TABLE system_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE store_groups (
  id serial PRIMARY KEY,
  name text NOT NULL,
  responsible_person text,
  address text,
  phone text,
  unified_number text,
  issues_invoice boolean NOT NULL DEFAULT false,
  currency text NOT NULL DEFAULT 'TWD',
  time_zone text NOT NULL DEFAULT 'Asia/Taipei',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE stores (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  name text NOT NULL,
  responsible_person text,
  address text,
  phone text,
  unified_number text,
  customer_gas_price integer NOT NULL DEFAULT 0,
  store_gas_price integer NOT NULL DEFAULT 0,
  issues_invoice boolean NOT NULL DEFAULT false,
  latitude double precision,
  longitude double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX stores_group_idx ON stores(group_id);

CREATE TABLE roles (
  id serial PRIMARY KEY,
  group_id integer REFERENCES store_groups(id),
  name text NOT NULL,
  code text NOT NULL,
  menu jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A code is unique within its group; platform-wide roles (group_id NULL) among themselves.
CREATE UNIQUE INDEX roles_group_code_uq ON roles(COALESCE(group_id, 0), code);

CREATE TABLE users (
  id serial PRIMARY KEY,
  group_id integer REFERENCES store_groups(id),
  account text NOT NULL,
  name text NOT NULL,
  email text,
  password_hash text NOT NULL,
  role_id integer REFERENCES roles(id),
  default_store_id integer REFERENCES stores(id),
  is_platform_admin boolean NOT NULL DEFAULT false,
  -- Group-level user: works in every store of the group (else only the stores in user_stores).
  all_stores boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  token_version integer NOT NULL DEFAULT 0,
  password_changed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_account_uq ON users(lower(account));
CREATE INDEX users_group_idx ON users(group_id);

-- Store users: which stores of its group a user may work in.
CREATE TABLE user_stores (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, store_id)
);
CREATE INDEX user_stores_store_idx ON user_stores(store_id);

CREATE TABLE login_history (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  account text NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  group_id integer REFERENCES store_groups(id),
  ip text,
  user_agent text,
  place text NOT NULL DEFAULT 'admin',
  result text NOT NULL
);
CREATE INDEX login_history_at_idx ON login_history(at DESC);
CREATE INDEX login_history_group_at_idx ON login_history(group_id, at DESC);

CREATE TABLE action_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  account text,
  group_id integer REFERENCES store_groups(id),
  screen text,
  action text NOT NULL,
  entity text,
  entity_id text,
  before jsonb,
  after jsonb,
  method text,
  path text,
  ip text
);
CREATE INDEX action_log_at_idx ON action_log(at DESC);
CREATE INDEX action_log_group_at_idx ON action_log(group_id, at DESC);
CREATE INDEX action_log_entity_idx ON action_log(entity, entity_id);

CREATE TABLE menu_history (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  account text,
  group_id integer REFERENCES store_groups(id),
  screen text NOT NULL,
  path text
);
CREATE INDEX menu_history_group_at_idx ON menu_history(group_id, at DESC);

-- System parameters: platform defaults (group_id NULL) and per-group overrides.
CREATE TABLE params (
  id serial PRIMARY KEY,
  group_id integer REFERENCES store_groups(id),
  code text NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('number', 'text')),
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX params_group_code_uq ON params(COALESCE(group_id, 0), code);

-- Idempotency keys for retried writes (orders from phones, public order page).
CREATE TABLE idempotency_keys (
  key text NOT NULL,
  scope text NOT NULL,
  response jsonb NOT NULL,
  status integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
