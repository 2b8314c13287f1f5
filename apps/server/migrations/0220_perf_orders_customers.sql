-- Performance of the order list, the customer search and the Home dashboard on large store groups
-- (200 stores, 200,000 customers, 2,000,000 orders: `npm run bench`, bench/RESULTS.md).
-- Portable to embedded PGlite: plain SQL functions, GIN on text[], plpgsql statement triggers.

-- Index builds over millions of rows must not fall under a server's request statement_timeout.
SET LOCAL statement_timeout = 0;

-- ---- Order list ---------------------------------------------------------------------------------
-- Newest orders first within the caller's store group (group-level users: group_id = their group,
-- store_id IN their stores as a filter): the index walks in exactly the list's ORDER BY, so a page is
-- read without sorting and keyset paging (order_date, id) < (…) stays possible. Replaces the
-- (group_id, order_date DESC) index, which it covers.
CREATE INDEX orders_group_date_id_idx ON orders(group_id, order_date DESC, id DESC);
DROP INDEX IF EXISTS orders_group_date_idx;

-- ---- Customer search: 1- and 2-character keywords -------------------------------------------------
-- Trigram indexes (0301, PostgreSQL servers with pg_trgm) serve keywords of 3+ characters only; a
-- 2-character Chinese name (陳家, 王宅) has no full trigram and scanned the whole group. The search
-- grams of a text are its single characters and its overlapping character pairs (built from
-- regexp_replace on pairs at odd and at even offsets: built-in C functions, 2× faster than a
-- per-character SQL loop); the grams of a customer are those of its lower-cased searched columns joined by
-- newlines (pairs across a newline never match a trimmed keyword). A keyword of 1 or 2 characters
-- is then `customer_search_grams(...) @> ARRAY[lower(keyword)]` on a GIN index, rechecked with
-- ILIKE. The argument list must stay exactly the one of the index expression (list-customers.ts).
-- Self-contained (only built-in functions): index builds run functions with search_path = pg_catalog.
CREATE FUNCTION customer_search_grams(name text, phone text, address text, unified_number text, meter_number text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(
           regexp_split_to_array(t, '')
           || string_to_array(regexp_replace(t, '(..)', E'\\1\x1f', 'g'), E'\x1f')
           || string_to_array(regexp_replace(substr(t, 2), '(..)', E'\\1\x1f', 'g'), E'\x1f'),
           '')
  FROM (SELECT lower(coalesce(name, '') || E'\n' || coalesce(phone, '') || E'\n' || coalesce(address, '')
                     || E'\n' || coalesce(unified_number, '') || E'\n' || coalesce(meter_number, '')) AS t) searched
$$;
CREATE INDEX customers_search_grams_idx ON customers
  USING gin (customer_search_grams(name, phone, address, unified_number, meter_number));

-- ---- Last order date of a customer (Home dashboard: customers without an order for N months) -----
-- max(orders.order_date) of the customer over all its orders (any status, as the dashboard counted
-- before), kept by statement-level triggers on orders so every path that writes orders (staff and
-- public orders, edits that change date or customer, deletes, demo data, bulk loads) keeps it right
-- with one set-based UPDATE per statement.
ALTER TABLE customers ADD COLUMN last_order_date date;
UPDATE customers c SET last_order_date = o.last
FROM (SELECT customer_id, max(order_date) AS last FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id) o
WHERE c.id = o.customer_id;
CREATE INDEX customers_store_last_order_idx ON customers(store_id, last_order_date);

CREATE FUNCTION orders_last_order_date_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers c SET last_order_date = n.last
  FROM (SELECT customer_id, max(order_date) AS last FROM new_orders WHERE customer_id IS NOT NULL GROUP BY customer_id) n
  WHERE c.id = n.customer_id AND (c.last_order_date IS NULL OR c.last_order_date < n.last);
  RETURN NULL;
END
$$;

-- Deleted orders, or orders whose customer or date changed: recompute the affected customers.
CREATE FUNCTION orders_last_order_date_recompute() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE customers c SET last_order_date = (SELECT max(o.order_date) FROM orders o WHERE o.customer_id = c.id)
    WHERE c.id IN (SELECT customer_id FROM old_orders WHERE customer_id IS NOT NULL);
  ELSE
    UPDATE customers c SET last_order_date = (SELECT max(o.order_date) FROM orders o WHERE o.customer_id = c.id)
    WHERE c.id IN (
      SELECT x.customer_id
      FROM old_orders b JOIN new_orders a ON a.id = b.id,
           LATERAL (VALUES (b.customer_id), (a.customer_id)) AS x(customer_id)
      WHERE (b.customer_id IS DISTINCT FROM a.customer_id OR b.order_date <> a.order_date) AND x.customer_id IS NOT NULL
    );
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_last_order_date_ins AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_last_order_date_ins();
CREATE TRIGGER orders_last_order_date_upd AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_last_order_date_recompute();
CREATE TRIGGER orders_last_order_date_del AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_last_order_date_recompute();
