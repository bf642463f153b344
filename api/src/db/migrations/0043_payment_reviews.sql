-- Paying through SSLCommerz (issue 69): a payment its validation marks risky (risk_level 1), or whose validation does
-- not say what its transaction says, is paid but not yet a sale: it waits in 'review' for an admin, who accepts it (the
-- sale is recorded as any other) or refunds it in full ('refunded').
ALTER TABLE wallet_payments DROP CONSTRAINT wallet_payments_status_check;
ALTER TABLE wallet_payments ADD CONSTRAINT wallet_payments_status_check
  CHECK (status IN ('creating', 'open', 'completed', 'failed', 'review', 'refunded'));
ALTER TABLE wallet_payments ADD COLUMN review_reason text CHECK (review_reason IN ('risky', 'mismatch'));
-- What the provider confirmed (poisha, its currency): the sale an accepted review records.
ALTER TABLE wallet_payments ADD COLUMN confirmed_amount integer;
ALTER TABLE wallet_payments ADD COLUMN confirmed_currency text;
ALTER TABLE wallet_payments ADD COLUMN reviewed_by uuid REFERENCES users (id);
ALTER TABLE wallet_payments ADD COLUMN reviewed_at timestamptz;
CREATE INDEX wallet_payments_in_review ON wallet_payments (created_at) WHERE status = 'review';

-- The admin's decision is in the audit log.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin', 'remove-message',
                    'refuse-listed-imei', 'block-imei', 'unblock-imei', 'remove-review', 'refund-dispute', 'release-dispute',
                    'verify-phone', 'change-phone', 'reset-phone', 'hold-sender', 'release-sender', 'accept-payment', 'refund-payment'));
