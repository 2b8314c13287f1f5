-- Invoice proof (證明聯) printing (issue 14): only one proof is printed, a reprint is marked 補印. Each print
-- through POST /api/invoices/:id/proof/print counts here (and is in the action log); the first one's time
-- and user are kept. The proof and its PDF carry the reprint mark from the second print on.
ALTER TABLE invoices
  ADD COLUMN proof_prints integer NOT NULL DEFAULT 0 CHECK (proof_prints >= 0),
  ADD COLUMN proof_first_printed_at timestamptz,
  ADD COLUMN proof_first_printed_by integer REFERENCES users(id);
