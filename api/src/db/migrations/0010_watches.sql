-- "Watch this phone" (issue 27): told when its price goes down, or when it is sold.
CREATE TABLE watches (
  user_id     uuid NOT NULL REFERENCES users (id),
  product_id  uuid NOT NULL REFERENCES products (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);
CREATE INDEX watches_product_idx ON watches (product_id);
