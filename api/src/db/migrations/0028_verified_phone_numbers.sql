-- A verified phone number on an account (issue 46): the number (E.164, +8801XXXXXXXXX) proved with a one-time code
-- sent by Firebase, once per number across accounts. A code asked for is kept with Firebase's session for it, the
-- account and the number it was sent to, and the wrong codes tried (five, then a wait).
ALTER TABLE users ADD COLUMN phone text;
ALTER TABLE users ADD COLUMN phone_verified_at timestamptz;
CREATE UNIQUE INDEX users_one_account_per_phone ON users (phone) WHERE phone IS NOT NULL;
CREATE TABLE phone_verifications (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id),
  phone         text NOT NULL,
  session_info  text NOT NULL,
  wrong_codes   smallint NOT NULL DEFAULT 0,
  verified_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_verifications_by_user ON phone_verifications (user_id, created_at);
