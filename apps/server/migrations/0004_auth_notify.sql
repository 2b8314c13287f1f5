-- Change notifications for the per-request user cache (platform/auth-cache.ts, issue 16): any insert,
-- update or delete on the tables the signed-in user is read from notifies every server process
-- listening on `gasops_auth_changed` when the transaction commits (one notification per transaction:
-- PostgreSQL folds identical ones), and each drops its cached users.
CREATE OR REPLACE FUNCTION gasops_notify_auth_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('gasops_auth_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER users_auth_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION gasops_notify_auth_changed();
CREATE TRIGGER roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION gasops_notify_auth_changed();
CREATE TRIGGER stores_auth_changed AFTER INSERT OR UPDATE OR DELETE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION gasops_notify_auth_changed();
CREATE TRIGGER user_stores_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_stores
  FOR EACH STATEMENT EXECUTE FUNCTION gasops_notify_auth_changed();
CREATE TRIGGER sessions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION gasops_notify_auth_changed();
