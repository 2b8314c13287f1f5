-- Customer keyword search over one stored text per customer (measured with `npm run bench`,
-- bench/RESULTS.md). The searched fields (name, phone, address, unified number, meter number) are
-- kept lower-cased and joined by newlines in a generated column, so that
-- * a keyword of 3+ characters is one LIKE on one trigram index (five ILIKEs on five indexes, OR-ed,
--   read each index's entries for the keyword, even on columns that are mostly empty: 18–50 ms for a
--   rare keyword over 200,000 customers);
-- * the newest customers in scope are filtered from an index alone (below), without lower-casing
--   and joining per request;
-- * the search grams of 1–2 character keywords (migration 0220) are built from the same text.
-- A keyword never holds a newline (the API trims it and refuses control characters), so a match never
-- spans two fields.

-- Rewriting the table and building the indexes must not fall under a request statement_timeout.
SET LOCAL statement_timeout = 0;

ALTER TABLE customers ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(name || E'\n' || coalesce(phone, '') || E'\n' || coalesce(address, '') || E'\n'
        || coalesce(unified_number, '') || E'\n' || coalesce(meter_number, ''))
) STORED;

-- The single characters and overlapping character pairs of a text (see migration 0220). Self-contained
-- (only built-in functions): index builds run functions with search_path = pg_catalog.
CREATE FUNCTION search_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(
           regexp_split_to_array(t, '')
           || string_to_array(regexp_replace(t, '(..)', E'\\1\x1f', 'g'), E'\x1f')
           || string_to_array(regexp_replace(substr(t, 2), '(..)', E'\\1\x1f', 'g'), E'\x1f'),
           '')
$$;
DROP INDEX customers_search_grams_idx;
DROP FUNCTION customer_search_grams(text, text, text, text, text);
CREATE INDEX customers_search_grams_idx ON customers USING gin (search_grams(search_text));

DROP INDEX IF EXISTS customers_name_trgm_idx;
DROP INDEX IF EXISTS customers_phone_trgm_idx;
DROP INDEX IF EXISTS customers_address_trgm_idx;
DROP INDEX IF EXISTS customers_unified_number_trgm_idx;
DROP INDEX IF EXISTS customers_meter_number_trgm_idx;
-- Where pg_trgm exists (PostgreSQL servers; see migration 0301).
DO $$
BEGIN
  CREATE INDEX customers_search_text_trgm_idx ON customers USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm unavailable (%), customer search uses scans', SQLERRM;
END
$$;

-- The first step of a keyword search filters the newest 2,000 customers in scope (list-customers.ts):
-- read from these indexes alone, in id order, instead of visiting 2,000 scattered table rows
-- (whole group: 5.8 → 1.5 ms; one store of 1,000 customers: 6 → 0.3 ms).
CREATE INDEX customers_search_window_idx ON customers(id DESC) INCLUDE (store_id, search_text);
CREATE INDEX customers_store_search_window_idx ON customers(store_id, id DESC) INCLUDE (search_text);
