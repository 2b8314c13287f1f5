-- Sessions (issue 11, security item 4): one row per sign-in, named by the token's `sid` claim and renewed with
-- it. Logging out revokes the row, so that token and every renewal of it are refused by every server
-- process on their next request (the check rides on the per-request user lookup: platform/auth.ts).
-- A row past `expires_at` can no longer back any token and is purged at a later sign-in.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
