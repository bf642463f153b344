-- PhoneHaat schema, version 1. Runs on PostgreSQL 15+ and PGlite.

CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  firebase_uid  text UNIQUE,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  email         text NOT NULL UNIQUE CHECK (email = lower(email)),
  role          text NOT NULL CHECK (role IN ('Buyer', 'Seller', 'admin')),
  verified      boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- Removed accounts stay as rows so that their orders and payments keep their history.
  deleted_at    timestamptz
);
CREATE INDEX users_role_created_idx ON users (role, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE brands (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 60),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seller_id       uuid NOT NULL REFERENCES users (id),
  brand_id        uuid NOT NULL REFERENCES brands (id),
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  img             text NOT NULL,
  condition       text NOT NULL CHECK (condition IN ('Excellent', 'Good', 'Fair')),
  resale_price    integer NOT NULL CHECK (resale_price > 0),
  original_price  integer NOT NULL CHECK (original_price > 0),
  used_year       smallint NOT NULL CHECK (used_year >= 2000),
  phone           text NOT NULL,
  location        text NOT NULL,
  description     text NOT NULL DEFAULT '',
  status          text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'sold')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- Deleting a listing hides it; a sold one's bookings and payments keep pointing at it.
  deleted_at      timestamptz
);
-- A brand's page: available, not deleted, newest first.
CREATE INDEX products_brand_listing_idx ON products (brand_id, created_at DESC, id)
  WHERE status = 'available' AND deleted_at IS NULL;
-- A seller's own listings.
CREATE INDEX products_seller_idx ON products (seller_id, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE advertisements (
  product_id  uuid PRIMARY KEY REFERENCES products (id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX advertisements_created_idx ON advertisements (created_at DESC, product_id);

CREATE TABLE bookings (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id         uuid NOT NULL REFERENCES products (id),
  buyer_id           uuid NOT NULL REFERENCES users (id),
  phone              text NOT NULL,
  meeting_location   text NOT NULL,
  paid               boolean NOT NULL DEFAULT false,
  payment_intent_id  text UNIQUE,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bookings_one_per_buyer UNIQUE (product_id, buyer_id)
);
CREATE INDEX bookings_buyer_idx ON bookings (buyer_id, created_at DESC);
-- A phone is sold once: at most one paid booking per product.
CREATE UNIQUE INDEX bookings_one_paid_per_product ON bookings (product_id) WHERE paid;

CREATE TABLE payments (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id      uuid NOT NULL UNIQUE REFERENCES bookings (id),
  transaction_id  text NOT NULL UNIQUE,
  -- In the currency's minor unit, as Stripe counts it (poisha for BDT).
  amount          integer NOT NULL CHECK (amount > 0),
  currency        text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Money taken for a phone that had already been sold, and given back.
CREATE TABLE refunds (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id         uuid NOT NULL REFERENCES bookings (id),
  payment_intent_id  text NOT NULL UNIQUE,
  refund_id          text NOT NULL UNIQUE,
  amount             integer NOT NULL CHECK (amount > 0),
  currency           text NOT NULL,
  reason             text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_booking_idx ON refunds (booking_id);
