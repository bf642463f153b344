-- Issue 46, "asked again when it matters": a sign-in from a browser the account has not used before is noted in the
-- person's notifications. A browser is known by a random id it keeps and sends when it signs in (not a fingerprint),
-- with the browser and system its User-Agent names, for the notification's words.
CREATE TABLE known_browsers (
  user_id     uuid NOT NULL REFERENCES users (id),
  browser_id  uuid NOT NULL,
  device      text NOT NULL,
  first_seen  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, browser_id)
);
