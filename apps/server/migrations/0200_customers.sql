-- Customers and catalogue (store group §2): categories, customers, store products, delivery persons,
-- delivery routes. Money is integer minor units, weights integer grams, meter readings integer
-- thousandths of the meter unit (litres for a m³ meter).

-- Categories of a store group. kind = 'customer' classifies customers, 'product' classifies store
-- products; one Category screen maintains both.
CREATE TABLE categories (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  kind text NOT NULL DEFAULT 'customer' CHECK (kind IN ('customer', 'product')),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_group_kind_name_uq ON categories(group_id, kind, lower(name));

CREATE TABLE customers (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  -- residential, store, monthly settlement by count, monthly settlement by meter
  type text NOT NULL DEFAULT 'residential' CHECK (type IN ('residential', 'store', 'monthly_count', 'monthly_meter')),
  name text NOT NULL,
  address text,
  latitude double precision,
  longitude double precision,
  unified_number text,
  remark1 text,
  remark2 text,
  phone text,
  category_id integer REFERENCES categories(id) ON DELETE SET NULL,
  in_arrears boolean NOT NULL DEFAULT false,
  -- Own gas transaction price per kg (minor units); NULL = the store's price applies.
  gas_price integer CHECK (gas_price IS NULL OR gas_price >= 0),
  meter_number text,
  -- Last meter reading (thousandths of the meter unit) and its date; price per meter unit (minor units).
  meter_reading integer CHECK (meter_reading IS NULL OR meter_reading >= 0),
  meter_read_date date,
  meter_unit_price integer CHECK (meter_unit_price IS NULL OR meter_unit_price >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_group_idx ON customers(group_id);
CREATE INDEX customers_store_name_idx ON customers(store_id, name);
CREATE INDEX customers_phone_idx ON customers(group_id, phone);
CREATE INDEX customers_category_idx ON customers(category_id);
CREATE INDEX customers_type_idx ON customers(store_id, type);

-- Store products: a sale price valid from start_date to end_date (inclusive; NULL end = open).
CREATE TABLE store_products (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  name text NOT NULL,
  sale_price integer NOT NULL CHECK (sale_price >= 0),
  category_id integer REFERENCES categories(id) ON DELETE SET NULL,
  start_date date NOT NULL,
  end_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR end_date >= start_date)
);
CREATE INDEX store_products_store_name_idx ON store_products(store_id, name, start_date);
CREATE INDEX store_products_group_idx ON store_products(group_id);

-- Delivery persons: the accounts chosen per store as delivery staff.
CREATE TABLE delivery_persons (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX delivery_persons_store_user_uq ON delivery_persons(store_id, user_id);
CREATE INDEX delivery_persons_user_idx ON delivery_persons(user_id);

CREATE TABLE delivery_routes (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  address text NOT NULL,
  latitude double precision,
  longitude double precision,
  -- one-way distance in metres, one-way time in minutes, amount per dispatch in minor units
  distance_m integer NOT NULL CHECK (distance_m >= 0),
  duration_min integer NOT NULL CHECK (duration_min >= 0),
  amount_per_dispatch integer NOT NULL DEFAULT 0 CHECK (amount_per_dispatch >= 0),
  remarks text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_routes_store_idx ON delivery_routes(store_id);
CREATE INDEX delivery_routes_group_idx ON delivery_routes(group_id);
