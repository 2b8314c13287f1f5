-- Monthly bills as an invoice source (issue 14, issue-invoice.ts): an invoice comes from one order, one
-- monthly bill (the lines of the bill's orders, the buyer its customer) or is made by hand.

-- Adding a nullable column is instant; the CHECK reads the table once (1,000,000 invoices in the bench).
SET LOCAL statement_timeout = 0;

ALTER TABLE invoices
  ADD COLUMN monthly_bill_id integer REFERENCES monthly_bills(id),
  -- One source at most: a bill's invoice covers its orders, so it is never also an order's.
  ADD CONSTRAINT invoices_one_source_ck CHECK (order_id IS NULL OR monthly_bill_id IS NULL);
-- One invoice per bill (a voided one included, as for orders): issuing a bill again answers the first.
CREATE UNIQUE INDEX invoices_monthly_bill_uq ON invoices(monthly_bill_id) WHERE monthly_bill_id IS NOT NULL;
