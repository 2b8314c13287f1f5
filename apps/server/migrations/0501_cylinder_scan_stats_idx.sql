-- Scan statistics by day (ScanResultStatistics): count a group's reads of a date range per reader
-- and day from the index alone (an index-only scan; the heap is not read). With the benchmark's
-- 1,000,000 cylinders and their reads, the 30-day statistics of the whole group read the index in
-- date order instead of fetching every read (bench/RESULTS.md, cylinder benchmark).

-- Building the index must not fall under a request statement_timeout.
SET LOCAL statement_timeout = 0;

CREATE INDEX scan_reads_stats_idx ON scan_reads(group_id, read_date, reader_id)
  INCLUDE (store_id, result, new_today, qualified);
