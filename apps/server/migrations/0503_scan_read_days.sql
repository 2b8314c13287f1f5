-- Scan statistics by day (ScanResultStatistics, issue 12) from a per-day rollup of the scan reads:
-- one row per group, store, reader (NULL: a signed-in user's batch without a reader) and group date,
-- with the counts the statistics show. Counting the reads themselves, even from the covering index of
-- 0501, read every read of the period: the whole group's 30 days (about 280,000 reads in the
-- benchmark) took 393–447 ms on a freshly loaded database (bench/RESULTS.md, cylinder benchmark); the
-- rollup holds at most one row per reader and day (about 12,000 for those 30 days).
--
-- Kept by statement-level triggers on scan_reads (as migration 0220 does for orders), in the same
-- transaction as the reads: every writer (scan batches, demo data, bulk loads, deletes through the
-- batches' cascade) keeps it right with one set-based statement per statement. The statistics by
-- hour still count the reads (on their time, not their date).

-- Filling from the existing reads must not fall under a request statement_timeout.
SET LOCAL statement_timeout = 0;

CREATE TABLE scan_read_days (
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  reader_id integer REFERENCES scan_readers(id),
  read_date date NOT NULL,
  total integer NOT NULL,
  success integer NOT NULL,
  failure integer NOT NULL,
  unprocessed integer NOT NULL,
  new_today integer NOT NULL,
  qualified integer NOT NULL
);
-- One row per key, a NULL reader included; in the order the statistics read it (group, dates).
CREATE UNIQUE INDEX scan_read_days_key ON scan_read_days(group_id, read_date, store_id, reader_id) NULLS NOT DISTINCT;

INSERT INTO scan_read_days (group_id, store_id, reader_id, read_date, total, success, failure, unprocessed, new_today, qualified)
  SELECT group_id, store_id, reader_id, read_date, count(*), count(*) FILTER (WHERE result = 'success'),
         count(*) FILTER (WHERE result = 'failure'), count(*) FILTER (WHERE result = 'unprocessed'),
         count(*) FILTER (WHERE new_today), count(*) FILTER (WHERE qualified)
  FROM scan_reads GROUP BY group_id, store_id, reader_id, read_date;

CREATE FUNCTION scan_read_days_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scan_read_days AS d (group_id, store_id, reader_id, read_date, total, success, failure, unprocessed, new_today, qualified)
    SELECT group_id, store_id, reader_id, read_date, count(*), count(*) FILTER (WHERE result = 'success'),
           count(*) FILTER (WHERE result = 'failure'), count(*) FILTER (WHERE result = 'unprocessed'),
           count(*) FILTER (WHERE new_today), count(*) FILTER (WHERE qualified)
    FROM new_reads GROUP BY group_id, read_date, store_id, reader_id ORDER BY group_id, read_date, store_id, reader_id
  ON CONFLICT (group_id, read_date, store_id, reader_id) DO UPDATE SET
    total = d.total + excluded.total, success = d.success + excluded.success, failure = d.failure + excluded.failure,
    unprocessed = d.unprocessed + excluded.unprocessed, new_today = d.new_today + excluded.new_today,
    qualified = d.qualified + excluded.qualified;
  RETURN NULL;
END
$$;

-- Deleted reads, or reads changed (none of the app's writers changes a read today): the old reads
-- counted out and the new ones in, per day; a day left with no read goes. (A reader is never id 0:
-- coalesce(reader_id, 0) matches the NULL reader in a join PostgreSQL can hash.)
CREATE FUNCTION scan_read_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO scan_read_days AS d (group_id, store_id, reader_id, read_date, total, success, failure, unprocessed, new_today, qualified)
      SELECT group_id, store_id, reader_id, read_date, sum(sign), coalesce(sum(sign) FILTER (WHERE result = 'success'), 0),
             coalesce(sum(sign) FILTER (WHERE result = 'failure'), 0), coalesce(sum(sign) FILTER (WHERE result = 'unprocessed'), 0),
             coalesce(sum(sign) FILTER (WHERE new_today), 0), coalesce(sum(sign) FILTER (WHERE qualified), 0)
      FROM (SELECT *, 1 AS sign FROM new_reads UNION ALL SELECT *, -1 FROM old_reads) x
      GROUP BY group_id, read_date, store_id, reader_id ORDER BY group_id, read_date, store_id, reader_id
    ON CONFLICT (group_id, read_date, store_id, reader_id) DO UPDATE SET
      total = d.total + excluded.total, success = d.success + excluded.success, failure = d.failure + excluded.failure,
      unprocessed = d.unprocessed + excluded.unprocessed, new_today = d.new_today + excluded.new_today,
      qualified = d.qualified + excluded.qualified;
  ELSE
    UPDATE scan_read_days d SET
      total = d.total - x.total, success = d.success - x.success, failure = d.failure - x.failure,
      unprocessed = d.unprocessed - x.unprocessed, new_today = d.new_today - x.new_today, qualified = d.qualified - x.qualified
    FROM (SELECT group_id, store_id, reader_id, read_date, count(*) AS total, count(*) FILTER (WHERE result = 'success') AS success,
                 count(*) FILTER (WHERE result = 'failure') AS failure, count(*) FILTER (WHERE result = 'unprocessed') AS unprocessed,
                 count(*) FILTER (WHERE new_today) AS new_today, count(*) FILTER (WHERE qualified) AS qualified
          FROM old_reads GROUP BY group_id, read_date, store_id, reader_id) x
    WHERE d.group_id = x.group_id AND d.read_date = x.read_date AND d.store_id = x.store_id
      AND coalesce(d.reader_id, 0) = coalesce(x.reader_id, 0);
  END IF;
  DELETE FROM scan_read_days d USING (SELECT DISTINCT group_id, store_id, reader_id, read_date FROM old_reads) k
    WHERE d.group_id = k.group_id AND d.read_date = k.read_date AND d.store_id = k.store_id
      AND coalesce(d.reader_id, 0) = coalesce(k.reader_id, 0) AND d.total <= 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER scan_read_days_ins AFTER INSERT ON scan_reads
  REFERENCING NEW TABLE AS new_reads FOR EACH STATEMENT EXECUTE FUNCTION scan_read_days_ins();
CREATE TRIGGER scan_read_days_upd AFTER UPDATE ON scan_reads
  REFERENCING OLD TABLE AS old_reads NEW TABLE AS new_reads FOR EACH STATEMENT EXECUTE FUNCTION scan_read_days_change();
CREATE TRIGGER scan_read_days_del AFTER DELETE ON scan_reads
  REFERENCING OLD TABLE AS old_reads FOR EACH STATEMENT EXECUTE FUNCTION scan_read_days_change();

-- The statistics by day no longer read the reads' covering index (0501); every read no longer writes it.
DROP INDEX IF EXISTS scan_reads_stats_idx;
