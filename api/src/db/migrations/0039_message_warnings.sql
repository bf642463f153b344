-- Scams caught where they start (issue 70): the risks a message was seen to take, shown to its reader under it.
ALTER TABLE messages ADD COLUMN warnings text[] NOT NULL DEFAULT '{}';
