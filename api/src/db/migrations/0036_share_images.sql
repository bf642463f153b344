-- Issue 48: a phone's page is public and shared. When what its page shows last changed (the sitemap's lastmod, the
-- version in its share image's address), kept by a trigger so every way a listing changes counts, and only what a
-- visitor sees (not the saved-search matching's mark). And the share image drawn for each language's page, one per
-- listing and language: a new version replaces the old one, whose file is then deleted.
ALTER TABLE products ADD COLUMN updated_at timestamptz;
UPDATE products SET updated_at = created_at;
ALTER TABLE products ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE products ALTER COLUMN updated_at SET DEFAULT now();

CREATE FUNCTION products_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

CREATE TRIGGER products_touch BEFORE UPDATE ON products FOR EACH ROW
WHEN (
  (OLD.name, OLD.img, OLD.condition, OLD.resale_price, OLD.original_price, OLD.used_year, OLD.location, OLD.description,
   OLD.status, OLD.deleted_at, OLD.open_to_offers, OLD.brand_id)
  IS DISTINCT FROM
  (NEW.name, NEW.img, NEW.condition, NEW.resale_price, NEW.original_price, NEW.used_year, NEW.location, NEW.description,
   NEW.status, NEW.deleted_at, NEW.open_to_offers, NEW.brand_id)
)
EXECUTE FUNCTION products_touch();

CREATE TABLE share_images (
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'bn')),
  version text NOT NULL,
  key text NOT NULL,
  PRIMARY KEY (product_id, language)
);
