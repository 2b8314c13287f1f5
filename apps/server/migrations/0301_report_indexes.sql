-- Indexes for reports, the dashboard and large lists (measured with `npm run bench`, bench/RESULTS.md).
-- They sit on tables of the orders and customers modules; those modules' migrations stay untouched.

-- Reports scan one period of orders across the caller's stores: date first, covering every summed
-- column so a month of a whole store group is read from the index alone (after VACUUM).
CREATE INDEX orders_report_date_idx ON orders(order_date, store_id)
  INCLUDE (status, customer_type, delivery_person_id, gas_weight_g, gas_amount, propane_weight_g, propane_amount,
           residual_gas_g, propane_residual_g, gas_refund_amount, propane_refund_amount, products_amount,
           services_amount, cylinders_amount, total_amount);

-- Newest orders first across many stores (order list and dashboard of a group-level user) without
-- sorting the whole table.
CREATE INDEX orders_date_id_idx ON orders(order_date DESC, id DESC);

-- Money received per day (daily / monthly reports, financial overview) across the caller's stores.
CREATE INDEX payments_report_date_idx ON payments(posting_date, store_id) INCLUDE (cash_amount, bill_amount, order_id, customer_id);

-- Customer search (ILIKE '%keyword%' on name, phone, address, unified number, meter number): trigram
-- indexes where the pg_trgm extension exists (PostgreSQL servers). Embedded PGlite has no pg_trgm;
-- there the search scans, which is fine at its sizes.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops);
  CREATE INDEX customers_phone_trgm_idx ON customers USING gin (phone gin_trgm_ops);
  CREATE INDEX customers_address_trgm_idx ON customers USING gin (address gin_trgm_ops);
  CREATE INDEX customers_unified_number_trgm_idx ON customers USING gin (unified_number gin_trgm_ops);
  CREATE INDEX customers_meter_number_trgm_idx ON customers USING gin (meter_number gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm unavailable (%), customer search uses scans', SQLERRM;
END
$$;
