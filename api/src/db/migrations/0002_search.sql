-- Search (issue 10): full-text over a listing's name, brand and description, typo tolerance through a
-- vocabulary of the words people search for, and the indexes of the search, suggest and similar queries.
-- Runs on PostgreSQL 15+ and PGlite (which loads pg_trgm itself; see db/client.ts).
-- GIN indexes are built with fastupdate off: listings are written rarely and searched often, and PGlite
-- has no autovacuum to merge a pending list, which every search would otherwise scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The text that search sees: ASCII punctuation becomes a space, so "8/128GB" is the words "8" and "128gb"
-- and "Pro+" is "pro", exactly as the API splits what a person types (api/src/search/query.ts).
CREATE FUNCTION search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT lower(regexp_replace(value, '[[:punct:]]+', ' ', 'g')) $$;

-- Name weighs most (A), then the brand (B), then the description (C).
ALTER TABLE products ADD COLUMN search_doc tsvector NOT NULL DEFAULT ''::tsvector;
-- The words of the location ("Mirpur 10, Dhaka"), so "mirpur" or "dhaka" finds it. A tsvector rather than a
-- trigram match: its statistics tell the planner how common a word is ("dhaka" is half the market).
ALTER TABLE products ADD COLUMN location_doc tsvector NOT NULL DEFAULT ''::tsvector;
-- The listing's name as a suggestion (search_phrases.phrase), to tell which suggestions still have a phone on sale.
ALTER TABLE products ADD COLUMN name_phrase text NOT NULL DEFAULT '';

-- Every word of a listing's name and brand: the words a query is corrected against ("samsng" → "samsung").
-- It only grows; a word whose listings are gone just finds nothing.
CREATE TABLE search_terms (
  term  text PRIMARY KEY CHECK (length(term) BETWEEN 1 AND 60)
);
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX search_terms_prefix_idx ON search_terms (term text_pattern_ops);

-- Each distinct listing name once, for suggestions while typing; `phrase` is its search text.
CREATE TABLE search_phrases (
  phrase  text PRIMARY KEY CHECK (length(phrase) BETWEEN 1 AND 200),
  label   text NOT NULL
);
CREATE INDEX search_phrases_trgm_idx ON search_phrases USING gin (phrase gin_trgm_ops) WITH (fastupdate = off);

CREATE FUNCTION products_search_index() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand_name text;
  phrase text;
BEGIN
  SELECT name INTO brand_name FROM brands WHERE id = NEW.brand_id;
  NEW.search_doc :=
    setweight(to_tsvector('simple', search_text(NEW.name)), 'A') ||
    setweight(to_tsvector('simple', search_text(coalesce(brand_name, ''))), 'B') ||
    setweight(to_tsvector('simple', search_text(NEW.description)), 'C');
  NEW.location_doc := to_tsvector('simple', search_text(NEW.location));
  INSERT INTO search_terms (term)
    SELECT lexeme FROM unnest(to_tsvector('simple', search_text(NEW.name || ' ' || coalesce(brand_name, ''))))
    WHERE length(lexeme) <= 60
    ON CONFLICT DO NOTHING;
  phrase := btrim(regexp_replace(search_text(NEW.name), '\s+', ' ', 'g'));
  NEW.name_phrase := phrase;
  IF phrase <> '' AND length(phrase) <= 200 THEN
    INSERT INTO search_phrases (phrase, label) VALUES (phrase, btrim(NEW.name)) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER products_search_index BEFORE INSERT OR UPDATE OF name, description, brand_id, location ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_index();

-- The listings that were there before search.
UPDATE products SET name = name;

-- Full-text match of the listings on sale (sold and deleted ones are never searched).
CREATE INDEX products_search_doc_idx ON products USING gin (search_doc) WITH (fastupdate = off)
  WHERE status = 'available' AND deleted_at IS NULL;
-- Location is free text ("Dhanmondi, Dhaka"): every word typed starts a word of it.
CREATE INDEX products_location_doc_idx ON products USING gin (location_doc) WITH (fastupdate = off)
  WHERE status = 'available' AND deleted_at IS NULL;
-- Browsing without words: newest first, or by price.
CREATE INDEX products_on_sale_created_idx ON products (created_at DESC, id DESC)
  WHERE status = 'available' AND deleted_at IS NULL;
CREATE INDEX products_on_sale_price_idx ON products (resale_price, id)
  WHERE status = 'available' AND deleted_at IS NULL;
-- A brand's phones by price: "similar phones" (same brand, nearest price) and price-sorted brand filters.
CREATE INDEX products_brand_price_idx ON products (brand_id, resale_price, id)
  WHERE status = 'available' AND deleted_at IS NULL;
-- A suggested name still has a listing on sale.
CREATE INDEX products_phrase_idx ON products (name_phrase) WHERE status = 'available' AND deleted_at IS NULL;
-- Listings on sale exclude removed sellers' ones: the few removed accounts, as a set.
CREATE INDEX users_removed_idx ON users (id) WHERE deleted_at IS NOT NULL;
