-- E-invoice upload with several server processes on one database (issue 14, docs/INVOICES.md "Upload to the e-invoice platform"): the
-- upload job runs in every process; a queued message is taken by one UPDATE (putting_since) before it is put
-- into the channel, so two processes never put the same message twice. A take older than ten minutes whose
-- message is still queued is a process that stopped mid-way: the message is taken again.
ALTER TABLE einvoice_messages ADD COLUMN putting_since timestamptz;
