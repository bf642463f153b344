-- Ratings from real buyers (issue 28): one review per paid booking, by its buyer, of the listing's seller.
CREATE TABLE reviews (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id      uuid NOT NULL UNIQUE REFERENCES bookings (id),
  seller_id       uuid NOT NULL REFERENCES users (id),
  buyer_id        uuid NOT NULL REFERENCES users (id),
  product_id      uuid NOT NULL REFERENCES products (id),
  stars           smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  comment         text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 1000),
  reply           text CHECK (char_length(reply) <= 1000),
  replied_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  -- An admin removed it (abusive): hidden everywhere and out of the average, kept for the record.
  removed_at      timestamptz,
  removed_reason  text,
  CHECK (seller_id <> buyer_id),
  CHECK ((reply IS NULL) = (replied_at IS NULL))
);
-- A seller's profile: their reviews newest first.
CREATE INDEX reviews_seller_idx ON reviews (seller_id, created_at DESC, id DESC) WHERE removed_at IS NULL;

-- Each seller's rating, kept beside them so every card and the search's "seller rating" order read it without
-- counting reviews: the sum of the stars and how many, of reviews not removed.
ALTER TABLE users ADD COLUMN rating_sum integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN rating_count integer NOT NULL DEFAULT 0;

CREATE FUNCTION reviews_keep_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.removed_at IS NULL THEN
    UPDATE users SET rating_sum = rating_sum - OLD.stars, rating_count = rating_count - 1 WHERE id = OLD.seller_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.removed_at IS NULL THEN
    UPDATE users SET rating_sum = rating_sum + NEW.stars, rating_count = rating_count + 1 WHERE id = NEW.seller_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER reviews_keep_rating AFTER INSERT OR UPDATE OF stars, removed_at OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_rating();

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin', 'remove-message',
                    'refuse-listed-imei', 'block-imei', 'unblock-imei', 'remove-review'));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check CHECK (target_type IN ('user', 'product', 'thread', 'imei', 'review'));
