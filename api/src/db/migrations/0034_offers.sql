-- Issue 47: bargaining as at a haat. A seller opens a listing to offers, with a lowest price they will take (never
-- shown to buyers). A buyer offers; the seller accepts, declines or counters; the buyer may accept or counter a counter;
-- three rounds at most, each answered within a set time. An accepted offer reserves the phone for its buyer for a set
-- time and is the price of that buyer's booking (`bookings.agreed_price`), read by the payment, the cash to collect,
-- the held money and the ledger. One live offer per buyer per listing; one accepted, unlapsed offer per listing.
ALTER TABLE products ADD COLUMN open_to_offers boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN lowest_offer integer CHECK (lowest_offer > 0);
ALTER TABLE bookings ADD COLUMN agreed_price integer CHECK (agreed_price > 0);

CREATE TABLE offers (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id      uuid NOT NULL REFERENCES products (id),
  buyer_id        uuid NOT NULL REFERENCES users (id),
  -- The amount on the table: the buyer's offer, or the last counter.
  amount          integer NOT NULL CHECK (amount > 0),
  -- 1: the buyer's offer; 2: the seller's counter; 3: the buyer's counter (the seller accepts or declines it).
  round           smallint NOT NULL DEFAULT 1 CHECK (round BETWEEN 1 AND 3),
  -- Who answers next while open.
  turn            text NOT NULL DEFAULT 'seller' CHECK (turn IN ('buyer', 'seller')),
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed')),
  expires_at      timestamptz NOT NULL,
  -- Accepted: the phone is kept for its buyer until then (not paid by then: 'lapsed', back on sale).
  reserved_until  timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX offers_one_live_per_buyer ON offers (product_id, buyer_id) WHERE status IN ('open', 'accepted');
CREATE UNIQUE INDEX offers_one_accepted_per_product ON offers (product_id) WHERE status = 'accepted';
CREATE INDEX offers_open_by_expiry ON offers (expires_at) WHERE status = 'open';
CREATE INDEX offers_accepted_by_reservation ON offers (reserved_until) WHERE status = 'accepted';
CREATE INDEX offers_by_buyer ON offers (buyer_id, created_at);

-- Each step of a negotiation, in order: what was said, by whom, at what amount (its notifications and its history).
CREATE TABLE offer_steps (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  offer_id    uuid NOT NULL REFERENCES offers (id),
  by_side     text NOT NULL CHECK (by_side IN ('buyer', 'seller', 'phonehaat')),
  action      text NOT NULL CHECK (action IN ('offered', 'countered', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed', 'sold-elsewhere')),
  amount      integer,
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offer_steps_by_offer ON offer_steps (offer_id, id);
