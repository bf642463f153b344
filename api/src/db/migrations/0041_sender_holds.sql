-- The admin sees the pattern (issue 70): a sender the scam rules flag in conversations with several different people
-- within a day, or one an admin holds from the Reports queue, is held for review. While held, what they write in a
-- conversation they had not written in before waits (messages.held: only its sender sees it) until an admin releases
-- them (the waiting messages are then delivered) or removes the account. One open hold a person; the decisions are in
-- the audit log.
CREATE TABLE sender_holds (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id),
  held_at        timestamptz NOT NULL DEFAULT now(),
  -- NULL: held by the scam rules themselves.
  held_by        uuid REFERENCES users (id),
  -- The different people the sender's flagged messages reached in the day before the hold.
  flagged_people integer NOT NULL DEFAULT 0 CHECK (flagged_people >= 0),
  released_at    timestamptz,
  released_by    uuid REFERENCES users (id)
);
CREATE UNIQUE INDEX sender_holds_one_open ON sender_holds (user_id) WHERE released_at IS NULL;

ALTER TABLE messages ADD COLUMN held boolean NOT NULL DEFAULT false;
CREATE INDEX messages_held_idx ON messages (sender_id) WHERE held;
-- A sender's flagged messages of the last day, counted on every flagged send.
CREATE INDEX messages_flagged_idx ON messages (sender_id, created_at) WHERE warnings <> '{}';

-- Holding and releasing a sender, in the activity log.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin', 'remove-message',
                    'refuse-listed-imei', 'block-imei', 'unblock-imei', 'remove-review', 'refund-dispute', 'release-dispute',
                    'verify-phone', 'change-phone', 'reset-phone', 'hold-sender', 'release-sender'));
