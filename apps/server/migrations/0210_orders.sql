-- Orders and dispatch, payments, monthly billing. Money integer minor units, weights integer grams.

-- Monthly bills of monthly-settlement customers (by count of orders or by meter reading).
CREATE TABLE monthly_bills (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  customer_id integer NOT NULL REFERENCES customers(id),
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  billing_date date NOT NULL,
  mode text NOT NULL CHECK (mode IN ('count', 'meter')),
  order_count integer NOT NULL DEFAULT 0,
  -- meter readings in thousandths of the meter unit
  previous_reading integer,
  current_reading integer,
  meter_unit_price integer,
  amount integer NOT NULL,
  status text NOT NULL DEFAULT 'billed' CHECK (status IN ('billed', 'posted')),
  posted_at timestamptz,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX monthly_bills_customer_period_uq ON monthly_bills(customer_id, period);
CREATE INDEX monthly_bills_store_period_idx ON monthly_bills(store_id, period);
CREATE INDEX monthly_bills_group_idx ON monthly_bills(group_id, billing_date);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  order_no text NOT NULL,
  order_date date NOT NULL,
  -- NULL only for a public order from an unknown phone, until staff link a customer.
  customer_id integer REFERENCES customers(id),
  customer_type text CHECK (customer_type IN ('residential', 'store', 'monthly_count', 'monthly_meter')),
  contact_name text,
  contact_phone text,
  source text NOT NULL DEFAULT 'staff' CHECK (source IN ('staff', 'public', 'mobile')),
  status text NOT NULL DEFAULT 'placed'
    CHECK (status IN ('placed', 'not_delivered', 'delivering', 'completed', 'payment_posted', 'cancelled')),
  total_amount integer NOT NULL DEFAULT 0,
  delivery_person_id integer REFERENCES users(id) ON DELETE SET NULL,
  delivery_at timestamptz,
  preferred_time text,
  delivery_address text,
  previous_order_id integer REFERENCES orders(id) ON DELETE SET NULL,
  previous_usage_g integer,
  current_usage_g integer,
  current_remaining_g integer,
  previous_refund_amount integer NOT NULL DEFAULT 0,
  scale_device_id text,
  -- gas (butane mix) line: price per kg, weight delivered, residual gas returned
  gas_unit_price integer NOT NULL DEFAULT 0,
  gas_weight_g integer NOT NULL DEFAULT 0 CHECK (gas_weight_g >= 0),
  gas_amount integer NOT NULL DEFAULT 0,
  residual_gas_g integer NOT NULL DEFAULT 0 CHECK (residual_gas_g >= 0),
  gas_refund_amount integer NOT NULL DEFAULT 0,
  -- propane line, priced the same way
  propane_unit_price integer NOT NULL DEFAULT 0,
  propane_weight_g integer NOT NULL DEFAULT 0 CHECK (propane_weight_g >= 0),
  propane_amount integer NOT NULL DEFAULT 0,
  propane_residual_g integer NOT NULL DEFAULT 0 CHECK (propane_residual_g >= 0),
  propane_refund_amount integer NOT NULL DEFAULT 0,
  products_amount integer NOT NULL DEFAULT 0,
  services_amount integer NOT NULL DEFAULT 0,
  cylinders_amount integer NOT NULL DEFAULT 0,
  remark text,
  cancel_reason text,
  cancelled_at timestamptz,
  delivered_at timestamptz,
  completed_at timestamptz,
  paid_at timestamptz,
  monthly_bill_id integer REFERENCES monthly_bills(id) ON DELETE SET NULL,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX orders_group_no_uq ON orders(group_id, order_no);
CREATE INDEX orders_store_date_idx ON orders(store_id, order_date DESC, id DESC);
CREATE INDEX orders_group_date_idx ON orders(group_id, order_date DESC);
CREATE INDEX orders_customer_date_idx ON orders(customer_id, order_date DESC, id DESC);
CREATE INDEX orders_status_idx ON orders(store_id, status);
CREATE INDEX orders_delivery_idx ON orders(delivery_person_id, delivery_at);
CREATE INDEX orders_bill_idx ON orders(monthly_bill_id);

CREATE TABLE order_product_lines (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  product_id integer REFERENCES store_products(id) ON DELETE SET NULL,
  product_name text NOT NULL,
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  quantity integer NOT NULL CHECK (quantity > 0),
  amount integer NOT NULL
);
CREATE INDEX order_product_lines_order_idx ON order_product_lines(order_id);
CREATE INDEX order_product_lines_product_idx ON order_product_lines(product_id);

CREATE TABLE order_service_lines (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  content text NOT NULL,
  amount integer NOT NULL CHECK (amount >= 0)
);
CREATE INDEX order_service_lines_order_idx ON order_service_lines(order_id);

-- Cylinder operations: deposit, return, borrow, repay. "gas" is the cylinder size (e.g. 20kg).
-- order_id may be NULL for an operation recorded outside an order (field app).
CREATE TABLE cylinder_operations (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  customer_id integer REFERENCES customers(id),
  order_id integer REFERENCES orders(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('deposit', 'return', 'borrow', 'repay')),
  op_date date NOT NULL,
  gas text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price integer NOT NULL DEFAULT 0 CHECK (unit_price >= 0),
  amount integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cylinder_operations_customer_idx ON cylinder_operations(customer_id, op_date);
CREATE INDEX cylinder_operations_order_idx ON cylinder_operations(order_id);

-- Payment records: for one order, or for a monthly bill.
CREATE TABLE payments (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  customer_id integer REFERENCES customers(id),
  order_id integer REFERENCES orders(id) ON DELETE SET NULL,
  monthly_bill_id integer REFERENCES monthly_bills(id) ON DELETE SET NULL,
  posting_date date NOT NULL,
  payment_type text NOT NULL CHECK (payment_type IN ('cash', 'bill')),
  cash_amount integer NOT NULL DEFAULT 0 CHECK (cash_amount >= 0),
  bill_amount integer NOT NULL DEFAULT 0 CHECK (bill_amount >= 0),
  bill_number text,
  invoice_number text,
  remark text,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_customer_idx ON payments(customer_id, posting_date DESC);
CREATE INDEX payments_store_date_idx ON payments(store_id, posting_date DESC);
CREATE INDEX payments_group_date_idx ON payments(group_id, posting_date DESC);
CREATE INDEX payments_order_idx ON payments(order_id);
CREATE INDEX payments_bill_idx ON payments(monthly_bill_id);
