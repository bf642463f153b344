-- A listing's IMEI (issue 28, decision 023): never kept in clear. `imei_hash` is HMAC-SHA256 of the 15 digits with
-- the server's IMEI_SECRET (to match one phone's listings), `imei_last4` what its seller is shown. Listings from before
-- have neither, keep working and carry no badge.
ALTER TABLE products ADD COLUMN imei_hash text;
ALTER TABLE products ADD COLUMN imei_last4 text CHECK (imei_last4 ~ '^[0-9]{4}$');
ALTER TABLE products ADD CONSTRAINT products_imei_whole CHECK ((imei_hash IS NULL) = (imei_last4 IS NULL));

-- One phone, one live listing: a second listing of the same IMEI is refused while one is on sale (not sold, not
-- removed); it can be listed again once that one is sold or deleted.
CREATE UNIQUE INDEX products_live_imei_idx ON products (imei_hash) WHERE imei_hash IS NOT NULL AND deleted_at IS NULL AND status = 'available';

-- Phones that cannot be listed (confirmed stolen): matched by the same hash.
CREATE TABLE imei_blocklist (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  imei_hash   text NOT NULL UNIQUE,
  imei_last4  text NOT NULL CHECK (imei_last4 ~ '^[0-9]{4}$'),
  reason      text NOT NULL,
  created_by  uuid REFERENCES users (id),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A seller refused for listing a phone already on sale, and an admin blocking or unblocking a phone, are in the
-- activity log (never the IMEI, only its last 4 digits; a blocked phone is named by its blocklist row).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin', 'remove-message',
                    'refuse-listed-imei', 'block-imei', 'unblock-imei'));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check CHECK (target_type IN ('user', 'product', 'thread', 'imei'));

-- A saved search can ask for checked phones only ("IMEI checked only", as search does).
ALTER TABLE saved_searches ADD COLUMN imei_checked boolean NOT NULL DEFAULT false;
