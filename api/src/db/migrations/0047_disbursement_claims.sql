-- A Nagad disbursement batch is filled by one worker only (issue 69): two admins refunding one cash dispute at once
-- both asked the same invoice and could both add an item to its batch, a refund sent twice. The worker that fills it
-- claims the step first ('filling', with the time); the other waits for it. A claim whose answer never came (a crash,
-- a timeout) is given up after a while with its batch, which is never approved, and a new batch is made.
ALTER TABLE nagad_disbursements DROP CONSTRAINT nagad_disbursements_stage_check;
ALTER TABLE nagad_disbursements ADD CONSTRAINT nagad_disbursements_stage_check CHECK (stage IN ('created', 'filling', 'filled', 'approved'));
ALTER TABLE nagad_disbursements ADD COLUMN claimed_at timestamptz;
