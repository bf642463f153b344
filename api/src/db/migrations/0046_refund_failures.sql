-- A cash refund the wallet refused (issue 69: a number with no bKash account): kept on the dispute, so its buyer is
-- asked to name another wallet and the admin sees why the refund did not go; naming one clears it.
ALTER TABLE disputes ADD COLUMN refund_failed_at timestamptz;
