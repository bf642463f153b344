-- Stream tickets are single-use (issue 43, decision 033): a ticket's id is spent when it opens a stream, on whichever
-- instance. Kept until the ticket would have expired anyway, then pruned.
CREATE TABLE spent_stream_tickets (
  id          uuid PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX spent_stream_tickets_expiry_idx ON spent_stream_tickets (expires_at);
