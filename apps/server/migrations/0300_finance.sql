-- Finance: miscellaneous expense items (incidentals) and expenses, per store.
-- Amounts are integer minor units of the store group's currency.

CREATE TABLE expense_items (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('salary', 'bonus', 'commission', 'operating', 'vendor', 'misc')),
  remark text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One item name per store (case-insensitive): a duplicate answers 409.
CREATE UNIQUE INDEX expense_items_store_name_uq ON expense_items(store_id, lower(name));
CREATE INDEX expense_items_group_idx ON expense_items(group_id);

CREATE TABLE expenses (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  expense_date date NOT NULL,
  -- An item in use cannot be deleted (23503 answers 409 "in use").
  item_id integer NOT NULL REFERENCES expense_items(id),
  type text NOT NULL CHECK (type IN ('salary', 'bonus', 'commission', 'operating', 'vendor', 'misc')),
  amount bigint NOT NULL CHECK (amount > 0),
  remark text,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Lists and the financial overview filter by store and date range.
CREATE INDEX expenses_store_date_idx ON expenses(store_id, expense_date);
CREATE INDEX expenses_group_date_idx ON expenses(group_id, expense_date);
CREATE INDEX expenses_item_idx ON expenses(item_id);
