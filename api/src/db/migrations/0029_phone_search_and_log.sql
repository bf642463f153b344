-- Issue 46: search can keep to phones whose seller verified their number, and a saved search keeps that filter to match
-- new listings as search does.
ALTER TABLE saved_searches ADD COLUMN phone_verified boolean NOT NULL DEFAULT false;

-- A number verified or changed by its person, and one an admin resets, are in the activity log (issue 46).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin', 'remove-message',
                    'refuse-listed-imei', 'block-imei', 'unblock-imei', 'remove-review', 'refund-dispute', 'release-dispute',
                    'verify-phone', 'change-phone', 'reset-phone'));
