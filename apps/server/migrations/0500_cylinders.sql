-- Cylinders (module 6): the cylinder registry with its label history, stock documents and their
-- lines, the movement history (the 14 processing statuses of seed §4 as a state machine:
-- packages/shared/src/cylinders.ts), pending data, scan readers, scan batches and their reads.
-- Weights are integer grams; timestamps timestamptz (UTC); calendar dates `date` (the group's day).
-- Codes (container and label numbers) are stored normalised: upper case, no spaces.

-- Building the indexes must not fall under a request statement_timeout.
SET LOCAL statement_timeout = 0;

CREATE TABLE cylinders (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  -- The owning store (store cylinders); where the cylinder is now is location_kind/location_id.
  store_id integer NOT NULL REFERENCES stores(id),
  container_no text NOT NULL,
  -- The current qualified label (合格標示); a new one is issued at every passed inspection.
  label_no text,
  container_spec text,
  -- Nominal size (2, 4, 10, 16, 18, 20, 50 kg…): a specification, not a measured weight.
  size_kg integer NOT NULL CHECK (size_kg > 0),
  -- Tare with valve as the label prints it, to 0.01 kg.
  tare_g integer CHECK (tare_g IS NULL OR (tare_g >= 0 AND tare_g % 10 = 0)),
  material text NOT NULL DEFAULT 'steel' CHECK (material IN ('steel', 'composite')),
  pressure_test_date date,
  last_inspection_date date,
  next_inspection_deadline date,
  -- The deadline was computed (suggestDeadline), not typed from the label.
  deadline_suggested boolean NOT NULL DEFAULT false,
  -- Steel 30, composite 20 years after the factory pressure test (the same rule as shared
  -- endOfLifeDate), and the date a cylinder must be inspected by: the earlier of the two. Stored so
  -- the status filters and the inspection suggestions read an index.
  end_of_life_date date GENERATED ALWAYS AS (
    (pressure_test_date + make_interval(years => CASE WHEN material = 'composite' THEN 20 ELSE 30 END))::date
  ) STORED,
  due_date date GENERATED ALWAYS AS (
    least(next_inspection_deadline,
          (pressure_test_date + make_interval(years => CASE WHEN material = 'composite' THEN 20 ELSE 30 END))::date)
  ) STORED,
  inspection_agency_code text,
  -- The processing station: a cylinder handling site (system module).
  handling_site_id integer REFERENCES cylinder_handling_sites(id),
  location_kind text NOT NULL DEFAULT 'new'
    CHECK (location_kind IN ('new', 'store', 'storage', 'customer', 'filling', 'inspection', 'scrapped')),
  -- The store, customer or handling site of location_kind (none for new, storage, scrapped).
  location_id integer,
  fill text NOT NULL DEFAULT 'empty' CHECK (fill IN ('full', 'empty')),
  -- The customer holding it (or who consigned it to the shop) and why.
  customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
  holding text CHECK (holding IN ('sale', 'deposit', 'loan', 'consignment')),
  last_movement_kind text,
  last_moved_at timestamptz,
  -- The photo, relative to DATA_DIR.
  image_path text,
  image_type text,
  remark text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- One container number per group; one current label number per group (seed §5 "duplicate
-- number or barcode"). Per group, not platform-wide, so a number reveals nothing of another tenant.
-- text_pattern_ops (same equality): the group's prefix search of short keywords reads them too.
CREATE UNIQUE INDEX cylinders_container_no_uq ON cylinders(group_id, container_no text_pattern_ops) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX cylinders_label_no_uq ON cylinders(group_id, label_no text_pattern_ops)
  WHERE deleted_at IS NULL AND label_no IS NOT NULL;
-- Across groups: the public label check (exact) and the platform administrator's search (prefix).
CREATE INDEX cylinders_container_no_prefix_idx ON cylinders(container_no text_pattern_ops) WHERE deleted_at IS NULL;
CREATE INDEX cylinders_label_no_prefix_idx ON cylinders(label_no text_pattern_ops) WHERE deleted_at IS NULL AND label_no IS NOT NULL;
-- Lists: newest first per store and per group; inspection deadlines per store and group;
-- the cylinders a customer holds.
CREATE INDEX cylinders_store_idx ON cylinders(store_id, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX cylinders_group_idx ON cylinders(group_id, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX cylinders_store_due_idx ON cylinders(store_id, due_date) WHERE deleted_at IS NULL;
CREATE INDEX cylinders_group_due_idx ON cylinders(group_id, due_date) WHERE deleted_at IS NULL;
CREATE INDEX cylinders_customer_idx ON cylinders(customer_id, due_date) WHERE customer_id IS NOT NULL AND deleted_at IS NULL;
-- Inspection suggestions: the due cylinders at customers, most urgent first.
CREATE INDEX cylinders_at_customer_due_idx ON cylinders(group_id, due_date) WHERE location_kind = 'customer' AND deleted_at IS NULL;
-- "Contains" search of 3+ characters where pg_trgm exists (PostgreSQL servers; see migration 0301).
DO $$
BEGIN
  CREATE INDEX cylinders_container_no_trgm_idx ON cylinders USING gin (container_no gin_trgm_ops);
  CREATE INDEX cylinders_label_no_trgm_idx ON cylinders USING gin (label_no gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm unavailable (%), cylinder number search uses prefixes and scans', SQLERRM;
END
$$;

-- Label history: every label a cylinder has carried (the label number belongs to the label).
CREATE TABLE cylinder_labels (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  cylinder_id integer NOT NULL REFERENCES cylinders(id) ON DELETE CASCADE,
  label_no text NOT NULL,
  from_date date NOT NULL,
  to_date date,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cylinder_labels_cylinder_idx ON cylinder_labels(cylinder_id, id);

-- A stock document: one movement kind applied to the cylinders of its lines.
CREATE TABLE stock_documents (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  doc_no text NOT NULL,
  kind text NOT NULL,
  doc_date date NOT NULL,
  source_doc_no text,
  customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
  handling_site_id integer REFERENCES cylinder_handling_sites(id),
  remark text,
  override_reason text,
  line_count integer NOT NULL DEFAULT 0,
  applied_count integer NOT NULL DEFAULT 0,
  pending_count integer NOT NULL DEFAULT 0,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX stock_documents_no_uq ON stock_documents(group_id, doc_no);
CREATE INDEX stock_documents_group_date_idx ON stock_documents(group_id, doc_date DESC, id DESC);
CREATE INDEX stock_documents_store_date_idx ON stock_documents(store_id, doc_date DESC, id DESC);

CREATE TABLE stock_document_lines (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  document_id integer NOT NULL REFERENCES stock_documents(id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  code text NOT NULL,
  cylinder_id integer REFERENCES cylinders(id) ON DELETE SET NULL,
  result text NOT NULL CHECK (result IN ('applied', 'pending')),
  reason text,
  movement_id bigint,
  pending_id integer
);
CREATE INDEX stock_document_lines_document_idx ON stock_document_lines(document_id, line_no);

-- Pending data: movements that could not be applied (unknown cylinder, not allowed from its
-- state, overdue…), until someone applies, corrects or discards them.
CREATE TABLE cylinder_pending (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  source text NOT NULL CHECK (source IN ('document', 'scan')),
  document_id integer REFERENCES stock_documents(id) ON DELETE SET NULL,
  scan_read_id bigint,
  doc_date date NOT NULL,
  doc_no text,
  line_no integer NOT NULL DEFAULT 1,
  code text NOT NULL,
  cylinder_id integer REFERENCES cylinders(id) ON DELETE SET NULL,
  kind text NOT NULL,
  prev_location_kind text,
  prev_fill text,
  source_doc_no text,
  customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
  handling_site_id integer REFERENCES cylinder_handling_sites(id),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'unprocessed' CHECK (status IN ('unprocessed', 'processed')),
  resolution text CHECK (resolution IN ('applied', 'corrected', 'discarded')),
  resolution_reason text,
  resolved_by integer REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  movement_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cylinder_pending_group_idx ON cylinder_pending(group_id, status, doc_date DESC, id DESC);
CREATE INDEX cylinder_pending_store_idx ON cylinder_pending(store_id, status, doc_date DESC, id DESC);
CREATE INDEX cylinder_pending_cylinder_idx ON cylinder_pending(cylinder_id) WHERE cylinder_id IS NOT NULL;

-- Movement history: one row per applied movement, from and to state.
CREATE TABLE cylinder_movements (
  id bigserial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  cylinder_id integer NOT NULL REFERENCES cylinders(id) ON DELETE CASCADE,
  kind text NOT NULL,
  move_date date NOT NULL,
  moved_at timestamptz NOT NULL DEFAULT now(),
  from_location_kind text NOT NULL,
  from_location_id integer,
  from_fill text NOT NULL,
  to_location_kind text NOT NULL,
  to_location_id integer,
  to_fill text NOT NULL,
  customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
  source text NOT NULL CHECK (source IN ('document', 'scan', 'pending', 'order')),
  document_id integer REFERENCES stock_documents(id) ON DELETE SET NULL,
  scan_read_id bigint,
  pending_id integer REFERENCES cylinder_pending(id) ON DELETE SET NULL,
  override_reason text,
  user_id integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX cylinder_movements_cylinder_idx ON cylinder_movements(cylinder_id, id DESC);
CREATE INDEX cylinder_movements_group_date_idx ON cylinder_movements(group_id, move_date);

-- Scan readers (RFID gates, handhelds, phones). The secret authenticates a reader's batches; only
-- its SHA-256 is kept (256-bit random secrets, as for scale devices).
CREATE TABLE scan_readers (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('gate', 'handheld', 'phone')),
  secret_hash text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX scan_readers_group_idx ON scan_readers(group_id, store_id) WHERE deleted_at IS NULL;

-- A batch of reads: unique per sender (a reader `r:<id>` or a signed-in user `u:<id>`) and the
-- sender's batch id, so a resent batch is answered with the first result and applied once.
CREATE TABLE scan_batches (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  reader_id integer REFERENCES scan_readers(id),
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  sender text NOT NULL,
  batch_key text NOT NULL,
  kind text,
  customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
  scanned_at timestamptz NOT NULL,
  total integer NOT NULL DEFAULT 0,
  success integer NOT NULL DEFAULT 0,
  failure integer NOT NULL DEFAULT 0,
  unprocessed integer NOT NULL DEFAULT 0,
  new_today integer NOT NULL DEFAULT 0,
  qualified integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX scan_batches_sender_uq ON scan_batches(group_id, sender, batch_key);

-- One read of a batch (the same code twice in a batch is one read) and what it came to.
CREATE TABLE scan_reads (
  id bigserial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  batch_id integer NOT NULL REFERENCES scan_batches(id) ON DELETE CASCADE,
  reader_id integer REFERENCES scan_readers(id),
  code text NOT NULL,
  read_at timestamptz NOT NULL,
  -- The group's date of read_at ("new today" = the first read of the code on this date).
  read_date date NOT NULL,
  kind text,
  cylinder_id integer REFERENCES cylinders(id) ON DELETE SET NULL,
  result text NOT NULL CHECK (result IN ('success', 'failure', 'unprocessed')),
  reason text,
  pending_id integer REFERENCES cylinder_pending(id) ON DELETE SET NULL,
  movement_id bigint,
  new_today boolean NOT NULL DEFAULT false,
  qualified boolean NOT NULL DEFAULT false
);
CREATE INDEX scan_reads_group_at_idx ON scan_reads(group_id, read_at DESC);
CREATE INDEX scan_reads_reader_at_idx ON scan_reads(reader_id, read_at DESC);
CREATE INDEX scan_reads_day_code_idx ON scan_reads(group_id, read_date, code);
CREATE INDEX scan_reads_batch_idx ON scan_reads(batch_id);
