-- Change notifications for the rows hot lists read from the server's memory instead of joining them
-- (platform/rows-by-id.ts, issue 16: a store's name and gas prices, a category's name beside each
-- customer of the customer list): any insert, update or delete on stores or categories notifies every
-- server process listening on `gasops_names_changed` when the transaction commits (one notification per
-- transaction: PostgreSQL folds identical ones), and each drops its cached rows.
CREATE OR REPLACE FUNCTION gasops_notify_names_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('gasops_names_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER stores_names_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION gasops_notify_names_changed();
CREATE TRIGGER categories_names_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION gasops_notify_names_changed();
