-- Customer service over LINE (issue 15, docs/LINE.md): a store group's (or store's) LINE channels,
-- the webhook events received, the chat rooms and their conversation, FAQ auto-replies, contacts and
-- their replies.

CREATE TABLE line_channels (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  -- null: the whole group's official account.
  store_id integer REFERENCES stores(id),
  name text NOT NULL,
  channel_id text NOT NULL CHECK (channel_id ~ '^[0-9]{6,20}$'),
  -- secret-box.ts (AES-256-GCM under SECRETS_KEY): never answered.
  secret_enc text NOT NULL,
  token_enc text NOT NULL,
  -- The random key of the webhook URL (/api/line/webhook/<key>).
  webhook_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX line_channels_owner_idx ON line_channels(group_id, coalesce(store_id, 0));

-- Every event LINE delivered, stored before the webhook answers and handled after (handled_at).
CREATE TABLE line_events (
  id bigserial PRIMARY KEY,
  channel_id integer NOT NULL REFERENCES line_channels(id) ON DELETE CASCADE,
  webhook_event_id text NOT NULL,
  type text NOT NULL,
  is_redelivery boolean NOT NULL DEFAULT false,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  error text,
  UNIQUE (channel_id, webhook_event_id)
);
CREATE INDEX line_events_unhandled_idx ON line_events(id) WHERE handled_at IS NULL;

CREATE TABLE line_rooms (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  channel_id integer NOT NULL REFERENCES line_channels(id) ON DELETE CASCADE,
  store_id integer REFERENCES stores(id),
  line_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('user', 'group', 'room')),
  name text,
  -- false after unfollow / leave.
  active boolean NOT NULL DEFAULT true,
  -- "Staff handling": no FAQ auto-replies in this room.
  staff_handling boolean NOT NULL DEFAULT false,
  last_message_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (channel_id, line_id)
);
CREATE INDEX line_rooms_group_idx ON line_rooms(group_id, last_message_at DESC NULLS LAST, id DESC);

CREATE TABLE line_faqs (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  keyword text NOT NULL,
  reply text NOT NULL DEFAULT '',
  match_mode text NOT NULL DEFAULT 'contains' CHECK (match_mode IN ('exact', 'contains', 'startsWith')),
  priority integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'maintained' CHECK (status IN ('maintained', 'notMaintained', 'pending')),
  -- The LINE group it answers in; null = all rooms.
  room_id integer REFERENCES line_rooms(id) ON DELETE CASCADE,
  maintained_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'maintained' OR reply <> '')
);
CREATE INDEX line_faqs_group_idx ON line_faqs(group_id, status);

CREATE TABLE line_messages (
  id bigserial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  room_id integer NOT NULL REFERENCES line_rooms(id) ON DELETE CASCADE,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  line_user_id text,
  line_message_id text,
  message_type text NOT NULL,
  text text,
  -- Incoming: the event's reply token and when LINE sent it; used_at once something replied with it.
  reply_token text,
  reply_token_at timestamptz,
  reply_token_used_at timestamptz,
  -- Outgoing: how it went, the FAQ that answered, the staff member, the push retry key.
  sent_via text CHECK (sent_via IN ('reply', 'push')),
  faq_id integer REFERENCES line_faqs(id) ON DELETE SET NULL,
  sent_by integer REFERENCES users(id),
  retry_key uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX line_messages_room_idx ON line_messages(room_id, id DESC);

CREATE TABLE line_contacts (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  store_id integer REFERENCES stores(id),
  source text NOT NULL CHECK (source IN ('line', 'staff')),
  room_id integer REFERENCES line_rooms(id) ON DELETE SET NULL,
  message_id bigint REFERENCES line_messages(id) ON DELETE SET NULL,
  reporter text NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now(),
  content text NOT NULL,
  created_by integer REFERENCES users(id)
);
CREATE INDEX line_contacts_group_idx ON line_contacts(group_id, reported_at DESC, id DESC);

CREATE TABLE line_contact_replies (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES store_groups(id),
  contact_id integer NOT NULL REFERENCES line_contacts(id) ON DELETE CASCADE,
  replier_id integer NOT NULL REFERENCES users(id),
  replied_at timestamptz NOT NULL DEFAULT now(),
  content text NOT NULL,
  sent_via text CHECK (sent_via IN ('reply', 'push')),
  message_id bigint REFERENCES line_messages(id) ON DELETE SET NULL
);
CREATE INDEX line_contact_replies_contact_idx ON line_contact_replies(contact_id, id);
CREATE INDEX line_contact_replies_group_idx ON line_contact_replies(group_id, replied_at DESC, id DESC);
