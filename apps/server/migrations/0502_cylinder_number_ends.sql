-- The registry's number search (issue 12): a keyword of 3+ characters matches the START or the END
-- of a container or label number (the whole number, its first or its last digits: what people type
-- or scan), both read from B-tree indexes. The start: the text_pattern_ops indexes of 0500. The end:
-- the reversed number, whose start is the number's end. The trigram indexes ("anywhere in the
-- number") are dropped: with zero-padded serial numbers their common trigrams ('000') made a rare
-- number cost a second or more at 1,000,000 cylinders (bench/RESULTS.md), and no query uses them now.

-- Building the indexes must not fall under a request statement_timeout.
SET LOCAL statement_timeout = 0;

CREATE INDEX cylinders_container_no_end_idx ON cylinders(group_id, reverse(container_no) text_pattern_ops) WHERE deleted_at IS NULL;
CREATE INDEX cylinders_label_no_end_idx ON cylinders(group_id, reverse(label_no) text_pattern_ops)
  WHERE deleted_at IS NULL AND label_no IS NOT NULL;
-- What PostgreSQL knows of the reversed numbers, so it estimates an end search right (without them
-- it guesses 0.5 % of the registry for any end and walks the newest cylinders instead).
CREATE STATISTICS cylinders_container_no_end_stats ON (reverse(container_no)) FROM cylinders;
CREATE STATISTICS cylinders_label_no_end_stats ON (reverse(label_no)) FROM cylinders;
ANALYZE cylinders;
DROP INDEX IF EXISTS cylinders_container_no_trgm_idx;
DROP INDEX IF EXISTS cylinders_label_no_trgm_idx;
