-- Courier delivery with cash on delivery (issue 45, decision 037). A booking is met in person (as before) or sent by
-- courier to the buyer's address, paid online now or in cash to the rider.
ALTER TABLE bookings ADD COLUMN delivery text NOT NULL DEFAULT 'meet' CHECK (delivery IN ('meet', 'courier'));
ALTER TABLE bookings ADD COLUMN delivery_address jsonb;
ALTER TABLE bookings ADD COLUMN cash_on_delivery boolean NOT NULL DEFAULT false;
-- The delivery fee quoted when it was booked, in taka.
ALTER TABLE bookings ADD COLUMN delivery_fee integer CHECK (delivery_fee >= 0);
ALTER TABLE bookings ADD CONSTRAINT bookings_courier_has_address CHECK ((delivery = 'courier') = (delivery_address IS NOT NULL AND delivery_fee IS NOT NULL));
ALTER TABLE bookings ADD CONSTRAINT bookings_cash_by_courier CHECK (NOT cash_on_delivery OR delivery = 'courier');

-- Where a seller hands parcels to the courier: kept once, editable; the courier's id for it (a Pathao store).
CREATE TABLE seller_pickups (
  seller_id   uuid PRIMARY KEY REFERENCES users (id),
  address     jsonb NOT NULL,
  courier     text NOT NULL,
  store_id    text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- A booking's parcel. Its status only moves forward (rank); every step heard is kept once (parcel_events), from a
-- webhook or from asking the courier, so duplicates change nothing and an old step arriving late moves nothing back.
CREATE TABLE parcels (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id       uuid NOT NULL UNIQUE REFERENCES bookings (id),
  courier          text NOT NULL,
  consignment_id   text NOT NULL,
  store_id         text NOT NULL,
  status           text NOT NULL CHECK (status IN ('booked', 'picked-up', 'in-transit', 'out-for-delivery', 'returning', 'delivered', 'returned')),
  rank             smallint NOT NULL,
  cash_to_collect  integer NOT NULL CHECK (cash_to_collect >= 0),
  collected        integer CHECK (collected >= 0),
  delivery_fee     integer NOT NULL CHECK (delivery_fee >= 0),
  invoice_id       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- When the courier was last heard from or asked: the poll asks about parcels not final and not heard of for a while.
  checked_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (courier, consignment_id)
);
CREATE INDEX parcels_open_idx ON parcels (checked_at) WHERE status NOT IN ('delivered', 'returned');

CREATE TABLE parcel_events (
  id            bigserial PRIMARY KEY,
  parcel_id     uuid NOT NULL REFERENCES parcels (id),
  status        text NOT NULL,
  courier_event text NOT NULL,
  happened_at   timestamptz NOT NULL,
  heard_at      timestamptz NOT NULL DEFAULT now(),
  source        text NOT NULL CHECK (source IN ('sent', 'webhook', 'poll')),
  UNIQUE (parcel_id, status)
);
