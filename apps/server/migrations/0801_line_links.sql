-- LINE, second step (issue 15, docs/LINE.md): a LINE user linked to a customer record with a one-time
-- code, the customer's notices (order status, low gas) pushed once each, and the end of a channel's
-- service (the start of the retention period of its chat data).

-- When the store group stopped its LINE service on this channel (null: in service). Chat data of a group
-- whose channels have all ended is deleted CHAT_RETENTION_MONTHS after the last end (retention job).
ALTER TABLE line_channels ADD COLUMN ended_at timestamptz;
-- The public address LINE reached the webhook at (scheme and host), for the order links sent in chats.
ALTER TABLE line_channels ADD COLUMN public_origin text;

-- One-time codes staff hand to a customer; the customer sends one in the LINE chat to link themselves.
CREATE TABLE line_link_codes (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX line_link_codes_customer_idx ON line_link_codes(customer_id, id DESC);

-- A customer's LINE user (their 1:1 chat room): one per customer, one customer per LINE user.
CREATE TABLE line_customer_links (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  customer_id integer NOT NULL UNIQUE REFERENCES customers(id) ON DELETE CASCADE,
  room_id integer NOT NULL UNIQUE REFERENCES line_rooms(id) ON DELETE CASCADE,
  notify_orders boolean NOT NULL DEFAULT true,
  notify_low_gas boolean NOT NULL DEFAULT true,
  linked_at timestamptz NOT NULL DEFAULT now()
);

-- Notices pushed to linked customers, one per (customer, kind, order or alert): written pending with
-- their push retry key before LINE is called, so a crash re-sends with the same key (LINE answers 409
-- for an accepted key) and nothing is sent twice or lost.
CREATE TABLE line_notices (
  id bigserial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('orderDispatched', 'orderDelivered', 'lowGas')),
  -- The order (order kinds) or the iot_alerts row (lowGas).
  source_id bigint NOT NULL,
  room_id integer NOT NULL REFERENCES line_rooms(id) ON DELETE CASCADE,
  text text NOT NULL,
  retry_key uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (customer_id, kind, source_id)
);
CREATE INDEX line_notices_pending_idx ON line_notices(id) WHERE status = 'pending';
CREATE INDEX line_notices_sent_idx ON line_notices(group_id, sent_at);

-- The notice job reads a linked customer's low-gas episodes (iot_alerts is the IoT module's table;
-- only this index is added to it).
CREATE INDEX iot_alerts_customer_low_gas_idx ON iot_alerts(customer_id, opened_at) WHERE kind = 'lowGas';
