-- Allowances (折讓, issue 14, docs/INVOICES.md "Allowances"): after an invoice's void deadline (or instead of a
-- void) the seller refunds part or all of it; each allowance is uploaded as a MIG 4.1 G0401.

-- An invoice with at least one allowance has status 'allowance' (it can no longer be voided), and carries the
-- sum of its allowances (tax included, minor units) so lists need no join.
ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_status_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check CHECK (status IN ('issued', 'voided', 'allowance'));
ALTER TABLE invoices ADD COLUMN allowance_amount bigint NOT NULL DEFAULT 0 CHECK (allowance_amount >= 0);
ALTER TABLE invoices ADD CONSTRAINT invoices_allowance_within_total CHECK (allowance_amount <= total_amount);

CREATE TABLE invoice_allowances (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  invoice_id integer NOT NULL REFERENCES invoices(id),
  -- The invoice number and a two-digit sequence (AB1234567801): unique for the seller, at most 16 characters.
  number text NOT NULL UNIQUE CHECK (number ~ '^[A-Z]{2}[0-9]{10}$'),
  allowance_date date NOT NULL,
  reason text NOT NULL,
  -- Sums of the lines: tax excluded, tax, tax included (minor units, whole dollars).
  sales_amount bigint NOT NULL CHECK (sales_amount >= 0),
  tax_amount bigint NOT NULL CHECK (tax_amount >= 0),
  total_amount bigint NOT NULL CHECK (total_amount > 0 AND total_amount = sales_amount + tax_amount),
  -- [{ sequence, description, quantity, unitPrice, amount, salesAmount, taxAmount }], sequence = the invoice line (1-based).
  items jsonb NOT NULL,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_allowances_invoice_idx ON invoice_allowances(invoice_id);

-- The upload messages gain G0401: one per allowance (invoice_id stays null: the invoice's own summary counts
-- its issue and void only).
ALTER TABLE einvoice_messages ADD COLUMN allowance_id integer REFERENCES invoice_allowances(id);
ALTER TABLE einvoice_messages DROP CONSTRAINT IF EXISTS einvoice_messages_message_check;
ALTER TABLE einvoice_messages ADD CONSTRAINT einvoice_messages_message_check CHECK (message IN ('F0401', 'F0501', 'E0402', 'G0401'));
ALTER TABLE einvoice_messages ADD CONSTRAINT einvoice_messages_allowance_check CHECK ((message = 'G0401') = (allowance_id IS NOT NULL));
CREATE UNIQUE INDEX einvoice_messages_allowance_uq ON einvoice_messages(allowance_id) WHERE allowance_id IS NOT NULL;
