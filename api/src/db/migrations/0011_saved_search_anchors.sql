-- Matching a new listing by one anchor per saved search (issue 27, decision 022): the GIN "contained by" index found
-- every search that shared any word with the listing (26,000 of 100,000 for one phone), then read each to reject
-- most; an anchor is one key a listing must have for the search to match, chosen so that few listings have it.

-- A search's anchor: its required word that the fewest listings have (the planner's statistics of the listings' words;
-- a word they do not list is rarer than any they do; without statistics, the longest word); a search without such
-- words is anchored on its brand when it has exactly one, else on '*' (every listing looks it up). A listing's words
-- are letters and digits only, so 'brand:…' and '*' never meet a word.
CREATE FUNCTION saved_search_anchor(required text[], brands uuid[]) RETURNS text LANGUAGE sql STABLE AS $$
  WITH seen AS (
    SELECT e.word, e.freq
    FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e (word, freq)
    WHERE s.schemaname = current_schema() AND s.tablename = 'products' AND s.attname = 'search_doc' AND cardinality(required) > 0
  )
  SELECT coalesce(
    (SELECT w FROM unnest(required) w LEFT JOIN seen ON seen.word = w ORDER BY coalesce(seen.freq, 0), length(w) DESC, w LIMIT 1),
    CASE WHEN cardinality(brands) = 1 THEN 'brand:' || brands[1] ELSE '*' END)
$$;

ALTER TABLE saved_searches ADD COLUMN anchor text;
-- What the required words do not already check (a prefix, a corrected word's alternatives), parsed once; NULL when the
-- search is its required words and nothing else.
ALTER TABLE saved_searches ADD COLUMN match_query tsquery;

CREATE FUNCTION saved_searches_anchor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.anchor := saved_search_anchor(NEW.required, NEW.brands);
  NEW.match_query := CASE
    WHEN NEW.tsquery IS NULL OR cardinality(NEW.required) = cardinality(string_to_array(NEW.tsquery, ' & ')) THEN NULL
    ELSE to_tsquery('simple', NEW.tsquery) END;
  RETURN NEW;
END
$$;
CREATE TRIGGER saved_searches_anchor BEFORE INSERT OR UPDATE OF tsquery, required, brands ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION saved_searches_anchor();

-- Searches saved before took words inside an alternative ("(zenfone3fucz:* | (zenfone & 3 & fucz))") as required:
-- theirs are dropped (the whole query is then checked by match_query); the anchors and match queries are set.
UPDATE saved_searches SET required = CASE WHEN tsquery LIKE '%(%' THEN '{}' ELSE required END;
ALTER TABLE saved_searches ALTER COLUMN anchor SET NOT NULL;

DROP INDEX saved_searches_required_idx;
DROP INDEX saved_searches_wordless_idx;
-- A listing looks up each of its keys (its words, its brand, '*') among the searches whose price cap it is under.
CREATE INDEX saved_searches_anchor_idx ON saved_searches (anchor, (coalesce(max_price, 2147483647)));

-- A saved search's matches are its notifications (kind 'saved-search', once per search and listing by their event
-- key, the search named in their params): a new listing found by hundreds writes hundreds of rows, not twice that.
-- The digest marks those it e-mailed.
ALTER TABLE notifications ADD COLUMN digested_at timestamptz;
UPDATE notifications n SET params = n.params || jsonb_build_object('searchId', m.saved_search_id), digested_at = m.digested_at
  FROM saved_search_matches m
  WHERE n.kind = 'saved-search' AND n.event_key = 'saved-search:' || m.saved_search_id || ':' || m.product_id;
UPDATE notifications SET digested_at = now() WHERE kind = 'saved-search' AND digested_at IS NULL AND NOT params ? 'searchId';
DROP TABLE saved_search_matches;
CREATE INDEX notifications_undigested_idx ON notifications (user_id, id) WHERE kind = 'saved-search' AND digested_at IS NULL;
