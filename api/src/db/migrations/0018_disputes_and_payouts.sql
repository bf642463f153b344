-- Disputes, refunds of held sales, payout wallets and payouts (issue 33, decision 029).
ALTER TABLE bookings ADD COLUMN refunded_at timestamptz;

-- A buyer's dispute of a held sale (one per booking): open until the admin refunds the buyer or releases the money to
-- the seller. 'refunding': an admin's refund was asked of the provider and is not yet recorded (a crash there leaves it
-- so; the refund is asked again with the same idempotency key, never made twice).
CREATE TABLE disputes (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id       uuid NOT NULL UNIQUE REFERENCES bookings (id),
  reason           text NOT NULL CHECK (reason IN ('not-as-described', 'seller-no-show')),
  note             text NOT NULL DEFAULT '',
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'refunding', 'refunded', 'released')),
  decision_reason  text,
  decided_by       uuid REFERENCES users (id),
  decided_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX disputes_open_idx ON disputes (created_at) WHERE status IN ('open', 'refunding');

-- A dispute's photos are uploaded as a listing's are, then attached to the dispute.
ALTER TABLE photos ADD COLUMN dispute_id uuid REFERENCES disputes (id);

-- Where a seller's money is paid out: a bKash number the seller typed twice.
CREATE TABLE payout_wallets (
  seller_id     uuid PRIMARY KEY REFERENCES users (id),
  method        text NOT NULL DEFAULT 'bkash' CHECK (method IN ('bkash')),
  number        text NOT NULL CHECK (number ~ '^01[3-9][0-9]{8}$'),
  confirmed_at  timestamptz NOT NULL DEFAULT now()
);

-- A payout of what PhoneHaat owes a seller, in poisha. Its id is the provider's idempotency key (bKash's merchant
-- invoice number): a retried or doubled job pays it once. One pending payout per seller at a time.
CREATE TABLE payouts (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seller_id       uuid NOT NULL REFERENCES users (id),
  method          text NOT NULL,
  wallet          text NOT NULL,
  amount          bigint NOT NULL CHECK (amount > 0),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  transaction_id  text,
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE UNIQUE INDEX payouts_one_pending_idx ON payouts (seller_id) WHERE status = 'pending';
CREATE INDEX payouts_seller_idx ON payouts (seller_id, created_at);
-- A payout's ledger lines name it (they belong to no booking).
ALTER TABLE ledger_entries ADD COLUMN payout_id uuid REFERENCES payouts (id);

-- Sales paid before money was held were released at once (0017) but never entered the ledger, and nothing ever paid
-- their sellers: their opening postings (paid, then released, no fee) make the ledger whole and the money owed.
WITH sales AS (
  SELECT b.id, pr.seller_id, pay.amount, pay.method, gen_random_uuid() AS paid_posting, gen_random_uuid() AS released_posting
  FROM bookings b JOIN products pr ON pr.id = b.product_id JOIN payments pay ON pay.booking_id = b.id
  WHERE b.release_reason = 'before-escrow' AND pay.amount > 0
)
INSERT INTO ledger_entries (posting, booking_id, movement, account, amount)
SELECT paid_posting, id, 'paid', 'provider:' || method, amount FROM sales
UNION ALL SELECT paid_posting, id, 'paid', 'held', -amount FROM sales
UNION ALL SELECT released_posting, id, 'released', 'held', amount FROM sales
UNION ALL SELECT released_posting, id, 'released', 'seller:' || seller_id, -amount FROM sales;

-- The admin's decisions on disputes are in the activity log, naming the booking.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin', 'remove-message',
                    'refuse-listed-imei', 'block-imei', 'unblock-imei', 'remove-review', 'refund-dispute', 'release-dispute'));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check CHECK (target_type IN ('user', 'product', 'thread', 'imei', 'review', 'booking'));
