-- device_state is updated with every ingestion batch: without an index on an updated column and
-- with free space in each page, those updates are HOT (no index maintenance), which roughly halves
-- their cost. The offline sweep joins from the installations, so it does not need the index.
DROP INDEX IF EXISTS device_state_seen_idx;
ALTER TABLE device_state SET (fillfactor = 70);
