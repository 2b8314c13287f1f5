-- LINE, linking started from the chat (issue 15, docs/LINE.md "Customer linking"): a LINE user sends a link
-- word and their phone number in the 1:1 chat; the customers of the channel's group with that phone get an
-- open request on their card, and staff call that phone to give the code (so only the phone's owner links).
CREATE TABLE line_link_requests (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  room_id integer NOT NULL REFERENCES line_rooms(id) ON DELETE CASCADE,
  -- The customer whose phone matched; null when none did (the request is then kept only to limit how often a
  -- room may ask: the customer is answered the same either way).
  customer_id integer REFERENCES customers(id) ON DELETE CASCADE,
  -- The phone as sent (digits only).
  phone text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  -- When the customer linked (by any code made for them).
  done_at timestamptz
);
CREATE INDEX line_link_requests_customer_idx ON line_link_requests(customer_id, id DESC) WHERE done_at IS NULL;
CREATE INDEX line_link_requests_room_idx ON line_link_requests(room_id, requested_at);

-- Customers found by the digits of their phone ("0911-222 333" = "0911222333"): the public order page, the
-- customer match of a public order and a link request from LINE compare digits.
CREATE INDEX customers_phone_digits_idx ON customers(group_id, (regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')));
