-- Conversations about a listing (issue 26): one thread per listing and buyer, with the listing's seller.

CREATE TABLE threads (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id       uuid NOT NULL REFERENCES products (id),
  buyer_id         uuid NOT NULL REFERENCES users (id),
  seller_id        uuid NOT NULL REFERENCES users (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- The newest message (for the inbox's order), and each side's newest, against which each side's "seen" is read.
  last_message_id  bigint,
  last_message_at  timestamptz,
  last_buyer_msg   bigint NOT NULL DEFAULT 0,
  last_seller_msg  bigint NOT NULL DEFAULT 0,
  buyer_seen       bigint NOT NULL DEFAULT 0,
  seller_seen      bigint NOT NULL DEFAULT 0,
  CONSTRAINT threads_two_people CHECK (buyer_id <> seller_id),
  CONSTRAINT threads_one_per_listing_and_buyer UNIQUE (product_id, buyer_id)
);
-- Each person's inbox, newest conversation first.
CREATE INDEX threads_buyer_idx ON threads (buyer_id, last_message_at DESC NULLS LAST);
CREATE INDEX threads_seller_idx ON threads (seller_id, last_message_at DESC NULLS LAST);

CREATE TABLE messages (
  -- One sequence for every message: the stream resumes after the last id a browser saw.
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id   uuid NOT NULL REFERENCES threads (id),
  sender_id   uuid NOT NULL REFERENCES users (id),
  -- Made by the sender's browser: a send retried after a dropped connection is stored once.
  client_id   uuid NOT NULL,
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT messages_once_per_client_id UNIQUE (sender_id, client_id)
);
CREATE INDEX messages_thread_idx ON messages (thread_id, id);

-- A person who blocked another: no messages either way, in any of their threads, until unblocked.
CREATE TABLE blocks (
  blocker_id  uuid NOT NULL REFERENCES users (id),
  blocked_id  uuid NOT NULL REFERENCES users (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id);
