-- System administration and store management: the product catalogue of each store group,
-- the platform's cylinder handling sites, and the indexes the administration lists filter by.

-- Product types and products belong to a store group (each group sells its own range and prices).
-- Both are soft-deleted: orders and store products keep pointing at them.
CREATE TABLE product_types (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  name text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX product_types_group_name_uq ON product_types(group_id, lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX product_types_group_idx ON product_types(group_id, sort_order, id);

CREATE TABLE products (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  type_id integer NOT NULL REFERENCES product_types(id),
  name text NOT NULL,
  code text,
  unit text NOT NULL,
  -- Integer minor units of the group's currency.
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX products_group_name_uq ON products(group_id, lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX products_group_type_idx ON products(group_id, type_id, id);

-- Filling and inspection stations cylinders are sent to (platform-wide, managed by the platform administrator).
CREATE TABLE cylinder_handling_sites (
  id serial PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('filling', 'inspection', 'both')),
  address text,
  phone text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX cylinder_handling_sites_code_uq ON cylinder_handling_sites(lower(code)) WHERE deleted_at IS NULL;

-- History lists: by date for the platform administrator, by user for "what did this person do".
CREATE INDEX menu_history_at_idx ON menu_history(at DESC);
CREATE INDEX menu_history_user_at_idx ON menu_history(user_id, at DESC);
CREATE INDEX action_log_user_at_idx ON action_log(user_id, at DESC);
CREATE INDEX login_history_user_at_idx ON login_history(user_id, at DESC);

-- Administration lists and in-use checks.
CREATE INDEX roles_group_idx ON roles(group_id, id);
CREATE INDEX users_role_idx ON users(role_id);
CREATE INDEX users_default_store_idx ON users(default_store_id);
CREATE INDEX store_groups_active_idx ON store_groups(id) WHERE deleted_at IS NULL;
