-- A buyer whose cash-on-delivery parcels were refused at the door too often pays the delivery fee online first
-- (issue 45): the booking says so, and the fee paid is kept beside it (one per booking; each provider transaction
-- once). The phone's price is still paid in cash at the door; the fee, owed to the courier, is not refunded when the
-- parcel is refused (it paid the courier's trip).
ALTER TABLE bookings ADD COLUMN fee_first boolean NOT NULL DEFAULT false;
ALTER TABLE bookings ADD COLUMN fee_paid_at timestamptz;
CREATE TABLE delivery_fee_payments (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id      uuid NOT NULL UNIQUE REFERENCES bookings (id),
  transaction_id  text NOT NULL UNIQUE,
  reference       text NOT NULL,
  amount          integer NOT NULL CHECK (amount > 0),
  currency        text NOT NULL,
  method          text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
