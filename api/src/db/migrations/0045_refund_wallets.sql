-- Cash refunds where the buyer can take them (issue 69): a disputed cash-on-delivery sale was refunded only by bKash, to
-- the number the parcel went to, and stayed stuck when that number had no bKash. The buyer now names the wallet (bKash
-- or Nagad) and number, confirmed with a fresh code to their verified phone; none named, the parcel's number by bKash.
ALTER TABLE disputes ADD COLUMN refund_method text CHECK (refund_method IN ('bkash', 'nagad'));
ALTER TABLE disputes ADD COLUMN refund_number text;
ALTER TABLE disputes ADD COLUMN refund_confirmed_at timestamptz;
ALTER TABLE disputes ADD CONSTRAINT disputes_refund_wallet_whole CHECK ((refund_method IS NULL) = (refund_number IS NULL));

-- Nagad's disbursement is a batch made, filled and approved in three calls, with no idempotency key of its own: each
-- step is kept under our invoice (the refund's key) so a retry after a crash or a lost answer goes on with the same
-- batch instead of paying a second one.
CREATE TABLE nagad_disbursements (
  invoice text PRIMARY KEY,
  batch_id text NOT NULL,
  mobile_no text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  stage text NOT NULL DEFAULT 'created' CHECK (stage IN ('created', 'filled', 'approved')),
  status text,
  created_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz
);
