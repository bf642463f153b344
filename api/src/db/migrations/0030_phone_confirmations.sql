-- Issue 46, "asked again when it matters": a fresh code sent to the account's verified number, typed back before the
-- payout wallet or the number itself changes. Kept with the codes that verify a number (the same bounds count both:
-- 3 codes to a number in 15 minutes, 5 wrong codes then a wait); `purpose` tells them apart.
ALTER TABLE phone_verifications ADD COLUMN purpose text NOT NULL DEFAULT 'verify' CHECK (purpose IN ('verify', 'confirm'));
