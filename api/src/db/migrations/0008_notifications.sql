-- Notifications and the e-mail outbox (issue 27, decision 022).

-- The language a person last used PhoneHaat in: their e-mails are written in it.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'bn'));

CREATE TABLE notifications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id),
  kind        text NOT NULL,
  -- The facts its words need (a phone's name, a reason, an amount), not the words: it is read in either language.
  params      jsonb NOT NULL DEFAULT '{}',
  -- A path of the web app (from the one route table).
  link        text NOT NULL,
  -- One notification per event and person: a repeated event (a retried webhook) adds none.
  event_key   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz,
  CONSTRAINT notifications_once_per_event UNIQUE (user_id, event_key)
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- Each e-mail to send, written in the transaction that caused it; delivered by a job (pg-boss) after the commit.
CREATE TABLE email_outbox (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          uuid NOT NULL REFERENCES users (id),
  kind             text NOT NULL,
  notification_id  bigint REFERENCES notifications (id),
  -- What an e-mail without one notification says (a digest).
  payload          jsonb NOT NULL DEFAULT '{}',
  -- The e-mail's Message-ID: a resend after a crash is the same message.
  idempotency_key  uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'skipped')),
  attempts         integer NOT NULL DEFAULT 0,
  -- A claimed row whose lease ran out belongs to nobody (its worker died): the next job may send it.
  lease_until      timestamptz,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  CONSTRAINT email_outbox_once_per_notification UNIQUE (notification_id)
);
CREATE INDEX email_outbox_unsent_idx ON email_outbox (created_at) WHERE status IN ('pending', 'sending');

-- Kinds of e-mail a person turned off (every kind is on until then).
CREATE TABLE email_preferences (
  user_id     uuid NOT NULL REFERENCES users (id),
  kind        text NOT NULL,
  enabled     boolean NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);
