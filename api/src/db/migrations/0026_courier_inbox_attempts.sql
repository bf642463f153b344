-- A kept courier step that cannot be applied must not hold up the others (issue 45): a batch that fails is retried
-- one step at a time; a step that fails on its own counts its attempts, and after five it is set aside with its error
-- (logged; the poll still asks the courier about its parcel).
ALTER TABLE courier_inbox ADD COLUMN attempts smallint NOT NULL DEFAULT 0;
ALTER TABLE courier_inbox ADD COLUMN failed text;
