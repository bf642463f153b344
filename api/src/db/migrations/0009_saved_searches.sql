-- Saved searches and their matches (issue 27, decision 022).

CREATE TABLE saved_searches (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users (id),
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  -- As in the search page's address (q=iphone+13&maxPrice=40000): what "open" shows.
  query             text NOT NULL,
  -- The same, as search applies it: the words as a tsquery, and each filter.
  tsquery           text,
  -- The words every match must have exactly (the index's key); empty for a search without such words.
  required          text[] NOT NULL DEFAULT '{}',
  brands            uuid[] NOT NULL DEFAULT '{}',
  conditions        text[] NOT NULL DEFAULT '{}',
  min_price         integer,
  max_price         integer,
  from_year         integer,
  location_tsquery  text,
  verified          boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at);
-- A new listing is matched by its words: the searches whose required words it all has (GIN, "contained by").
CREATE INDEX saved_searches_required_idx ON saved_searches USING gin (required) WITH (fastupdate = off);
-- Searches without such words are matched by their filters.
CREATE INDEX saved_searches_wordless_idx ON saved_searches (max_price) WHERE cardinality(required) = 0;

-- Each listing a saved search found, once: notified once, e-mailed in one digest.
CREATE TABLE saved_search_matches (
  saved_search_id  uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  product_id       uuid NOT NULL REFERENCES products (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  digested_at      timestamptz,
  PRIMARY KEY (saved_search_id, product_id)
);
CREATE INDEX saved_search_matches_undigested_idx ON saved_search_matches (saved_search_id) WHERE digested_at IS NULL;

-- The outbox of matching: a listing not yet matched against the saved searches (matched after its commit; a sweep
-- matches any a crash left). Listings from before are not matched again.
ALTER TABLE products ADD COLUMN matched_at timestamptz;
UPDATE products SET matched_at = now();
CREATE INDEX products_unmatched_idx ON products (created_at) WHERE matched_at IS NULL;
