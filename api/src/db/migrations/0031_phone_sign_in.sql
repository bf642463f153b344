-- Issue 46: signing in and signing up with a phone number alone. An account made by phone has no e-mail address (one
-- can be added later, for e-mails); its number, verified by the code it signed up with, is who it is. A sign-in code
-- is asked for before anyone is signed in: its request belongs to no account yet.
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE phone_verifications ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE phone_verifications DROP CONSTRAINT phone_verifications_purpose_check;
ALTER TABLE phone_verifications ADD CONSTRAINT phone_verifications_purpose_check CHECK (purpose IN ('verify', 'confirm', 'sign-in'));
