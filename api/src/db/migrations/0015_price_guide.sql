-- The price guide (issue 30): each listing's model as the guide groups listings and sales, kept beside it.
-- "iPhone 13 Pro 8/128GB (Blue)" of Apple → "iphone 13 pro|128"; "Samsung Galaxy A54 5G 256 GB" and "Galaxy A54 256GB"
-- of Samsung → "galaxy a54|256": the words before the storage, without the brand's own words in front and without
-- "5g"/"4g"/"lte", then the largest storage named (TB as 1024 GB), where one is. Null when no model words are left.
CREATE FUNCTION phone_model(name text, brand text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT CASE WHEN model = '' THEN NULL ELSE left(model, 80) || coalesce('|' || storage, '') END
  FROM (
    SELECT
      btrim(regexp_replace(regexp_replace(regexp_replace(
        search_text(regexp_replace(lower(name), '(\m\d{1,2}\s*/\s*)?\m\d{1,4}\s*(gb|tb)\M.*$', '')),
        '^\s*((' || coalesce(nullif(replace(btrim(search_text(coalesce(brand, ''))), ' ', '|'), ''), '\u0001') || ')(\s+|$))+', ''),
        '\m(5g|4g|lte)\M', ' ', 'g'),
        '\s+', ' ', 'g')) AS model,
      (SELECT max(CASE WHEN m[2] = 'tb' THEN m[1]::int * 1024 ELSE m[1]::int END)::text
         FROM regexp_matches(lower(name), '\m(\d{1,4})\s*(gb|tb)\M', 'g') AS m) AS storage
  ) AS parts
$$;

ALTER TABLE products ADD COLUMN model_key text;

CREATE FUNCTION products_model_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.model_key := phone_model(NEW.name, (SELECT name FROM brands WHERE id = NEW.brand_id));
  RETURN NEW;
END
$$;
CREATE TRIGGER products_model_key BEFORE INSERT OR UPDATE OF name, brand_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_model_key();

UPDATE products SET model_key = phone_model(name, (SELECT b.name FROM brands b WHERE b.id = products.brand_id));

-- A model in a condition and year: its listings, sold or on sale (the guide reads a few dozen rows through it).
CREATE INDEX products_price_guide_idx ON products (brand_id, model_key, condition, used_year) WHERE deleted_at IS NULL AND model_key IS NOT NULL;
