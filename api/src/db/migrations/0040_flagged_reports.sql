-- Scams caught where they start (issue 70): a message the scam rules flagged reaches the admin's Reports queue as a
-- report by PhoneHaat itself, with no person behind it (reporter_id NULL).
ALTER TABLE reports ALTER COLUMN reporter_id DROP NOT NULL;
