-- The admin's lists (issue 12) page newest first with the id as the tie-break: one index serves the page of any depth
-- without sorting (the older users_role_created_idx lacks the id).
CREATE INDEX users_role_newest_idx ON users (role, created_at DESC, id DESC) WHERE deleted_at IS NULL;
