-- Paying from a mobile wallet (issue 32): bKash now, Nagad later. The buyer is sent to the wallet's own page and comes
-- back; each attempt is kept with its booking, so a callback, a reload or the sweep finds it again.
CREATE TABLE wallet_payments (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id           uuid NOT NULL REFERENCES bookings (id),
  method               text NOT NULL,
  -- The wallet's own id for the payment (bKash's paymentID); null for the moment it is being created.
  provider_payment_id  text UNIQUE,
  redirect_url         text,
  -- What the wallet is asked for, in poisha, from the booking's stored price.
  amount               integer NOT NULL CHECK (amount > 0),
  -- creating → open → completed (the sale recorded, or refunded) | failed (with why).
  status               text NOT NULL DEFAULT 'creating' CHECK (status IN ('creating', 'open', 'completed', 'failed')),
  failure              text,
  transaction_id       text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  -- When an instance last asked the wallet about it (the sweep takes each open payment on one instance at a time).
  checked_at           timestamptz
);
-- One payment in progress per booking and wallet: two tabs or a double click get the same one.
CREATE UNIQUE INDEX wallet_payments_one_open ON wallet_payments (booking_id, method) WHERE status IN ('creating', 'open');
CREATE INDEX wallet_payments_unsettled ON wallet_payments (created_at) WHERE status IN ('creating', 'open');

-- How each sale and refund was paid: 'card' (Stripe) or a wallet.
ALTER TABLE payments ADD COLUMN method text NOT NULL DEFAULT 'card';
ALTER TABLE refunds ADD COLUMN method text NOT NULL DEFAULT 'card';
-- A refund names the provider's payment: a PaymentIntent, or a wallet's payment id.
ALTER TABLE refunds RENAME COLUMN payment_intent_id TO provider_payment_id;

-- A provider's access token, shared by every instance (bKash's grant token lasts an hour; asking for one per payment
-- is what bKash tells merchants not to do). renewing_until: one instance renews it while the others wait.
CREATE TABLE provider_tokens (
  provider            text PRIMARY KEY,
  access_token        text,
  refresh_token       text,
  expires_at          timestamptz,
  refresh_expires_at  timestamptz,
  renewing_until      timestamptz
);
