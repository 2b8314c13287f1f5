-- Gas status (seed §4 "store gas / return gas") and the customer's gas credit.
--
-- On delivery the residual gas of the returned cylinder is either refunded on the order (return gas,
-- as before) or kept as the customer's gas credit (store gas). The credit is a ledger, never an
-- editable number: a row when an order stores residual gas (+ grams) and a row when an order uses
-- credit (− grams), each tied to its order, so the balance (their sum) is auditable.

-- Adding columns with constant defaults rewrites nothing; the checks are added NOT VALID so they
-- hold for every new or changed row without scanning the existing ones (which satisfy them: defaults).
SET LOCAL statement_timeout = 0;

ALTER TABLE orders
  ADD COLUMN gas_status text NOT NULL DEFAULT 'return',
  -- store gas: the residual gas (grams) credited to the customer on delivery
  ADD COLUMN stored_gas_g integer NOT NULL DEFAULT 0,
  -- the customer's credit (grams) used on this order, and what it took off the gas charged
  ADD COLUMN credit_used_g integer NOT NULL DEFAULT 0,
  ADD COLUMN credit_amount integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD CONSTRAINT orders_gas_status_check CHECK (gas_status IN ('return', 'store')) NOT VALID;
ALTER TABLE orders ADD CONSTRAINT orders_gas_credit_check
  CHECK (stored_gas_g >= 0 AND credit_used_g >= 0 AND credit_amount >= 0) NOT VALID;
-- An order total is never negative (the services refuse it with a field message first).
ALTER TABLE orders ADD CONSTRAINT orders_total_not_negative CHECK (total_amount >= 0) NOT VALID;

CREATE TABLE customer_gas_credits (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  customer_id integer NOT NULL REFERENCES customers(id),
  -- a sold order: completed orders cannot be deleted, so the ledger keeps its orders
  order_id integer NOT NULL REFERENCES orders(id),
  kind text NOT NULL CHECK (kind IN ('stored', 'used')),
  -- signed: stored > 0, used < 0
  grams integer NOT NULL CHECK ((kind = 'stored' AND grams > 0) OR (kind = 'used' AND grams < 0)),
  -- the order's price per kg: what the credit was worth when it moved
  price_per_kg integer NOT NULL,
  -- the group's date of the delivery
  entry_date date NOT NULL,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- An order stores and uses credit at most once each.
CREATE UNIQUE INDEX customer_gas_credits_order_kind_uq ON customer_gas_credits(order_id, kind);
-- A customer's balance and ledger (CustomerDetail), newest first.
CREATE INDEX customer_gas_credits_customer_idx ON customer_gas_credits(customer_id, id);
