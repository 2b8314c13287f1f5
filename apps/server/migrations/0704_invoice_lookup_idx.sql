-- InvoiceLookup over a store group's invoices (issue 14, measured with `npm run bench -- --suite invoices`,
-- bench/RESULTS.md). A manager of several stores lists with `store_id = any(<the stores>)` and no group
-- condition, so neither (store_id, invoice_date) nor (group_id, invoice_date) gives the newest first: without
-- these the first page, a status or a keyword read and sorted every invoice of the group (a parallel scan of
-- 130–320 ms alone over 1,000,000 invoices, seconds and timeouts with 50 users).

-- Building indexes on a large table must not fall under a request statement_timeout.
SET LOCAL statement_timeout = 0;

-- Newest first across stores: the first page and a date range walk this and stop after a page.
CREATE INDEX invoices_date_idx ON invoices(invoice_date DESC, id DESC);
-- A status (voided, allowance) newest first, and its capped count, from the index.
CREATE INDEX invoices_status_date_idx ON invoices(status, invoice_date DESC, id DESC);

-- The keyword (ILIKE '%keyword%' on number, buyer name, buyer UBN, OR-ed): trigram indexes where the pg_trgm
-- extension exists (PostgreSQL servers, as migration 0301). Embedded PGlite has no pg_trgm; there it scans.
-- fastupdate off: an issue adds its entries at once, so no issuing transaction (which holds its track's row
-- lock, see take-number.ts) ever merges a pending list while the store's other issuers wait, and no search
-- reads one.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX invoices_number_trgm_idx ON invoices USING gin (number gin_trgm_ops) WITH (fastupdate = off);
  CREATE INDEX invoices_buyer_name_trgm_idx ON invoices USING gin (buyer_name gin_trgm_ops) WITH (fastupdate = off);
  CREATE INDEX invoices_buyer_ubn_trgm_idx ON invoices USING gin (buyer_ubn gin_trgm_ops) WITH (fastupdate = off);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm unavailable (%), invoice keyword search scans', SQLERRM;
END
$$;
