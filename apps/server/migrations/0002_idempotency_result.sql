-- An idempotent write stores its result, not an HTTP status: how a replay is answered is the route's
-- business (platform/idempotency.ts).
ALTER TABLE idempotency_keys DROP COLUMN status;
