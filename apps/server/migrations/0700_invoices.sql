-- Uniform e-invoices (issue 14): a store's e-invoice settings, its tracks (字軌) and the invoices issued
-- from them. Amounts are minor units of New Taiwan dollars, always whole dollars (multiples of 100).

CREATE TABLE invoice_settings (
  store_id integer PRIMARY KEY REFERENCES stores(id),
  group_id integer NOT NULL REFERENCES store_groups(id),
  seller_ubn text NOT NULL CHECK (seller_ubn ~ '^[0-9]{8}$'),
  seller_name text NOT NULL,
  -- The seller's QR seed password (32 hex), sealed by platform/secret-box.ts (SECRETS_KEY): never answered.
  qr_aes_key_enc text,
  default_buyer text NOT NULL DEFAULT 'consumer' CHECK (default_buyer IN ('consumer', 'business')),
  default_delivery text NOT NULL DEFAULT 'print' CHECK (default_delivery IN ('print', 'carrier', 'donation')),
  default_npoban text CHECK (default_npoban ~ '^[0-9]{3,7}$'),
  printer_width_mm integer NOT NULL DEFAULT 57 CHECK (printer_width_mm IN (57, 58, 80)),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoice_tracks (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  roc_year integer NOT NULL CHECK (roc_year BETWEEN 100 AND 999),
  period integer NOT NULL CHECK (period BETWEEN 1 AND 6),
  prefix text NOT NULL CHECK (prefix ~ '^[A-Z]{2}$'),
  start_no integer NOT NULL CHECK (start_no BETWEEN 0 AND 99999999),
  end_no integer NOT NULL CHECK (end_no BETWEEN 0 AND 99999999),
  -- Numbers taken so far: the next one is start_no + used. Only ever grows (a voided number stays used).
  used integer NOT NULL DEFAULT 0,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_no > start_no),
  CHECK (used >= 0 AND used <= end_no - start_no + 1)
);
-- The issuing path picks the store's track of a period; the overlap check looks at a group's prefix and period.
CREATE INDEX invoice_tracks_store_period_idx ON invoice_tracks(store_id, roc_year, period, id);
CREATE INDEX invoice_tracks_prefix_idx ON invoice_tracks(group_id, roc_year, period, prefix);

CREATE TABLE invoices (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  track_id integer NOT NULL REFERENCES invoice_tracks(id),
  number text NOT NULL CHECK (number ~ '^[A-Z]{2}[0-9]{8}$'),
  roc_year integer NOT NULL,
  period integer NOT NULL,
  invoice_date date NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  order_id integer REFERENCES orders(id),
  -- The seller as it was at issue (the store's settings may change later).
  seller_ubn text NOT NULL CHECK (seller_ubn ~ '^[0-9]{8}$'),
  seller_name text NOT NULL,
  buyer_ubn text CHECK (buyer_ubn ~ '^[0-9]{8}$'),
  buyer_name text,
  carrier_type text CHECK (carrier_type IN ('3J0002', 'CQ0001')),
  carrier_id text,
  npoban text,
  print_mark boolean NOT NULL,
  -- Made once at issue and kept: a reprint shows the same one.
  random_code text NOT NULL CHECK (random_code ~ '^[0-9]{4}$'),
  tax_type integer NOT NULL DEFAULT 1,
  sales_amount bigint NOT NULL,
  tax_amount bigint NOT NULL,
  total_amount bigint NOT NULL CHECK (total_amount > 0 AND total_amount = sales_amount + tax_amount),
  items jsonb NOT NULL,
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'voided')),
  void_reason text,
  voided_at timestamptz,
  voided_by integer REFERENCES users(id),
  upload_status text NOT NULL DEFAULT 'pending' CHECK (upload_status IN ('pending', 'processing', 'good', 'error')),
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A number is issued once in a period (a voided one is never reused: its row stays).
CREATE UNIQUE INDEX invoices_number_uq ON invoices(group_id, roc_year, period, number);
-- One invoice per order.
CREATE UNIQUE INDEX invoices_order_uq ON invoices(order_id) WHERE order_id IS NOT NULL;
CREATE INDEX invoices_store_date_idx ON invoices(store_id, invoice_date DESC, id DESC);
CREATE INDEX invoices_group_date_idx ON invoices(group_id, invoice_date DESC, id DESC);
CREATE INDEX invoices_track_idx ON invoices(track_id);
