-- Issue 45: a phone the buyer cannot use with their SIM (BTRC's NEIR register still ties it to someone else, or refuses
-- it) is a dispute reason of its own.
ALTER TABLE disputes DROP CONSTRAINT disputes_reason_check;
ALTER TABLE disputes ADD CONSTRAINT disputes_reason_check CHECK (reason IN ('not-as-described', 'seller-no-show', 'neir-blocked'));
