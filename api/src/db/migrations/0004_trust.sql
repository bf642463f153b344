-- Trust and safety (issue 12): reports of listings, removal by PhoneHaat with a reason, cancelled bookings,
-- and an append-only log of what admins did.

-- A listing removed by PhoneHaat is hidden like a deleted one (deleted_at); its seller is told why.
ALTER TABLE products ADD COLUMN removal_reason text CHECK (removal_reason IS NULL OR length(removal_reason) BETWEEN 1 AND 500);

-- Unpaid bookings of a listing removed by PhoneHaat are cancelled (their buyers see it in My Orders).
ALTER TABLE bookings ADD COLUMN cancelled_at timestamptz;

CREATE TABLE reports (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id   uuid NOT NULL REFERENCES products (id),
  reporter_id  uuid NOT NULL REFERENCES users (id),
  reason       text NOT NULL CHECK (reason IN ('stolen', 'scam', 'wrong-details', 'duplicate', 'offensive', 'other')),
  note         text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  -- open until an admin dismisses the listing's reports or removes the listing (actioned).
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  resolved_at  timestamptz,
  resolved_by  uuid REFERENCES users (id),
  CONSTRAINT reports_resolved CHECK ((status = 'open') = (resolved_at IS NULL))
);
-- One open report per user per listing.
CREATE UNIQUE INDEX reports_one_open_per_user ON reports (product_id, reporter_id) WHERE status = 'open';
-- The moderation queue: open reports by listing; resolved ones newest first.
CREATE INDEX reports_open_idx ON reports (product_id, created_at) WHERE status = 'open';
CREATE INDEX reports_resolved_idx ON reports (resolved_at DESC, product_id) WHERE status <> 'open';

CREATE TABLE audit_log (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Null when the action came from the command line (admin:grant).
  actor_id      uuid REFERENCES users (id),
  actor_name    text NOT NULL,
  action        text NOT NULL CHECK (action IN ('verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin')),
  target_type   text NOT NULL CHECK (target_type IN ('user', 'product')),
  target_id     uuid NOT NULL,
  -- The record's name when it happened (a name may change later; the log does not).
  target_label  text NOT NULL,
  reason        text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);

-- Append-only: no update, delete or truncate, whatever the caller (the API offers none, and this holds for SQL too).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- The admin's lists search names and emails on the server (100,000 users).
CREATE INDEX users_search_idx ON users USING gin ((lower(name || ' ' || email)) gin_trgm_ops) WHERE deleted_at IS NULL;
