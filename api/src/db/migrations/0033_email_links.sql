-- Issue 46: an account made by phone adds an e-mail address later, for PhoneHaat's e-mails. A link with a one-time token
-- is e-mailed to the address; only the token's SHA-256 is kept. Used once, for a day; a few an hour per account.
CREATE TABLE email_links (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id),
  email       text NOT NULL,
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE INDEX email_links_by_user ON email_links (user_id, created_at);
