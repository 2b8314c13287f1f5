-- E-invoice upload (issue 14, docs/INVOICES.md "Upload"): the MIG 4.1 messages handed to the upload
-- channel (the Turnkey folders), their state on the platform, the invoice's summary of them, and the
-- daily gap / duplicate check of the tracks.

-- One row per message: an invoice's issue (F0401) and void (F0501), a track's blank numbers (E0402).
CREATE TABLE einvoice_messages (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer NOT NULL REFERENCES stores(id),
  message text NOT NULL CHECK (message IN ('F0401', 'F0501', 'E0402')),
  invoice_id integer REFERENCES invoices(id),
  track_id integer REFERENCES invoice_tracks(id),
  -- The invoice number (F0401, F0501) or the track's prefix + start (E0402): the file name and the results say it.
  ref text NOT NULL,
  -- The last day it may reach the platform (shared uploadDeadline, Taiwan's calendar).
  deadline date NOT NULL,
  -- queued: waiting to be put; sent: in the channel (Turnkey's SRC); then Turnkey's P (processing), G (good),
  -- E (error), I and C as its results say.
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'P', 'G', 'E', 'I', 'C')),
  file_name text,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  result_at timestamptz,
  CHECK ((message = 'E0402') = (track_id IS NOT NULL AND invoice_id IS NULL))
);
CREATE UNIQUE INDEX einvoice_messages_invoice_uq ON einvoice_messages(invoice_id, message) WHERE invoice_id IS NOT NULL;
CREATE UNIQUE INDEX einvoice_messages_track_uq ON einvoice_messages(track_id) WHERE track_id IS NOT NULL;
CREATE UNIQUE INDEX einvoice_messages_file_uq ON einvoice_messages(file_name) WHERE file_name IS NOT NULL;
CREATE INDEX einvoice_messages_open_idx ON einvoice_messages(state, id) WHERE state NOT IN ('G');
CREATE INDEX einvoice_messages_ref_idx ON einvoice_messages(ref, message);

-- The invoice's summary of its messages (upload_status is 0700's): the earliest deadline of a message not
-- yet good, the platform's error text, and the last message queued (a void not queued yet still counts).
ALTER TABLE invoices
  ADD COLUMN upload_deadline date,
  ADD COLUMN upload_error text,
  ADD COLUMN upload_message text CHECK (upload_message IN ('F0401', 'F0501'));

-- The daily check of each store group's tracks: every number start … start + used − 1 issued exactly once.
CREATE TABLE invoice_checks (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  checked_at timestamptz NOT NULL DEFAULT now(),
  tracks integer NOT NULL,
  -- [{ trackId, storeId, prefix, rocYear, period, kind: 'gap' | 'duplicate' | 'outside', number }]
  problems jsonb NOT NULL
);
CREATE INDEX invoice_checks_group_idx ON invoice_checks(group_id, checked_at DESC);
