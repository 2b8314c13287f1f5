-- The date of a customer's latest order moves out of the customers row into a narrow table of its
-- own. Kept on customers (migration 0220), every new order rewrote the whole customer row, and with
-- it an entry in each of the customer indexes: the two search GIN indexes (about 170 entries per
-- customer), the covering search indexes and the store indexes. A year of generated orders
-- (`npm run bench`) left the customer table 7× its live size (298 MB for 200,000 customers) and the
-- search indexes 4–7×, which made every keyword search read scattered, cold pages. Now an order
-- touches one 40-byte row; customers change only when someone edits them.

-- Rewriting and indexing must not fall under a request statement_timeout.
SET LOCAL statement_timeout = 0;

CREATE TABLE customer_last_orders (
  customer_id integer PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  -- The customer's store and creation time, copied so that Home counts the customers who ordered
  -- since a day from one index alone (a join over every customer of a 200-store group: 150–230 ms).
  store_id integer NOT NULL,
  customer_created_at timestamptz NOT NULL,
  last_order_date date NOT NULL
);
INSERT INTO customer_last_orders (customer_id, store_id, customer_created_at, last_order_date)
  SELECT id, store_id, created_at, last_order_date FROM customers WHERE last_order_date IS NOT NULL;
-- Home: the customers of some stores who ordered on or after a day.
CREATE INDEX customer_last_orders_store_date_idx ON customer_last_orders(store_id, last_order_date) INCLUDE (customer_created_at);
-- Home: the customers created before a day (all of them, with or without orders).
CREATE INDEX customers_store_created_idx ON customers(store_id, created_at);

-- A customer moved to another store carries its last order date along.
CREATE FUNCTION customers_last_order_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_last_orders SET store_id = NEW.store_id WHERE customer_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER customers_last_order_store AFTER UPDATE OF store_id ON customers
  FOR EACH ROW WHEN (OLD.store_id IS DISTINCT FROM NEW.store_id) EXECUTE FUNCTION customers_last_order_store();

-- The orders triggers of migration 0220 now keep the narrow table: one set-based statement each.
CREATE OR REPLACE FUNCTION orders_last_order_date_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_last_orders AS l (customer_id, store_id, customer_created_at, last_order_date)
  SELECT c.id, c.store_id, c.created_at, n.last
    FROM (SELECT customer_id, max(order_date) AS last FROM new_orders WHERE customer_id IS NOT NULL GROUP BY customer_id) n
    JOIN customers c ON c.id = n.customer_id
  ON CONFLICT (customer_id) DO UPDATE SET last_order_date = excluded.last_order_date
    WHERE l.last_order_date < excluded.last_order_date;
  RETURN NULL;
END
$$;

-- Deleted orders, or orders whose customer or date changed: recompute the affected customers.
CREATE OR REPLACE FUNCTION orders_last_order_date_recompute() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT customer_id) INTO touched FROM old_orders WHERE customer_id IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT x.customer_id) INTO touched
      FROM old_orders b JOIN new_orders a ON a.id = b.id,
           LATERAL (VALUES (b.customer_id), (a.customer_id)) AS x(customer_id)
     WHERE (b.customer_id IS DISTINCT FROM a.customer_id OR b.order_date <> a.order_date) AND x.customer_id IS NOT NULL;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO customer_last_orders (customer_id, store_id, customer_created_at, last_order_date)
  SELECT c.id, c.store_id, c.created_at, max(o.order_date)
    FROM orders o JOIN customers c ON c.id = o.customer_id
   WHERE o.customer_id = ANY (touched)
   GROUP BY c.id
  ON CONFLICT (customer_id) DO UPDATE SET last_order_date = excluded.last_order_date;
  DELETE FROM customer_last_orders l
   WHERE l.customer_id = ANY (touched) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = l.customer_id);
  RETURN NULL;
END
$$;

DROP INDEX customers_store_last_order_idx;
ALTER TABLE customers DROP COLUMN last_order_date;
