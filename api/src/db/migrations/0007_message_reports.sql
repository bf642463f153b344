-- A message in a conversation can be reported (issue 26): it reaches the admin's Reports queue quoted, under its
-- listing; an admin may remove it (its text is then hidden from both people), which the activity log records.
ALTER TABLE reports ADD COLUMN message_id bigint REFERENCES messages (id);
-- One open report per user per listing, and per message.
DROP INDEX reports_one_open_per_user;
CREATE UNIQUE INDEX reports_one_open_per_user ON reports (product_id, reporter_id, coalesce(message_id, 0)) WHERE status = 'open';

ALTER TABLE messages ADD COLUMN removed_at timestamptz;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin', 'remove-message'));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check CHECK (target_type IN ('user', 'product', 'thread'));
