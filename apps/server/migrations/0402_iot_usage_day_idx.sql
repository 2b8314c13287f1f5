-- The residual gas list averages each device's usage over the last USAGE_AVERAGE_DAYS days. With a
-- year of daily roll-ups (3.6 M rows for 10,000 devices) that window must not mean reading them all:
-- an index by day, covering what the average needs, serves it with an index-only range scan.
CREATE INDEX IF NOT EXISTS device_usage_daily_day_idx ON device_usage_daily (day, device_id) INCLUDE (used_grams, first_ts, last_ts);
