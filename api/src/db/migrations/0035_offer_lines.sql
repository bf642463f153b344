-- Issue 47: every step of a negotiation also appears in the pair's conversation about the listing. The line keeps the
-- step's facts (who, what, the amount), not words: each reader sees it in their own language. Its body stays empty;
-- a person's message still has 1 to 2,000 characters.
ALTER TABLE messages ADD COLUMN offer jsonb;
ALTER TABLE messages DROP CONSTRAINT messages_body_check;
ALTER TABLE messages ADD CONSTRAINT messages_body_check CHECK (
  (offer IS NULL AND length(body) BETWEEN 1 AND 2000) OR (offer IS NOT NULL AND body = '')
);
