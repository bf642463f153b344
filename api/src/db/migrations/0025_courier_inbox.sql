-- A courier's webhooks are kept, then applied (issue 45, decision 037): the webhook's answer waits only for its step
-- to be stored; each instance applies the kept steps in batches (FOR UPDATE SKIP LOCKED shares them out), and a batch
-- that fails is rolled back whole, its steps kept for the next one.
CREATE TABLE courier_inbox (
  id           bigserial PRIMARY KEY,
  courier      text NOT NULL,
  step         jsonb NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now()
);
