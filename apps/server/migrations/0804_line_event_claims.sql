-- LINE, several server processes on one database (issue 15, docs/LINE.md "Webhook"): a process takes a stored
-- event before handling it (handling_since, set by one UPDATE, so two processes never handle the same event);
-- a take older than two minutes without handled_at is a process that stopped mid-way, and the event is taken
-- again by the next sweep (every minute, in every process) or start.
ALTER TABLE line_events ADD COLUMN handling_since timestamptz;
