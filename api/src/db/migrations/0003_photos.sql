-- Photos (issue 11): sellers upload photos of their phone; each is kept as WebP in three widths under a
-- content-hashed key, in photo_blobs (or an S3 bucket, see photos/store.ts).
CREATE TABLE photos (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seller_id   uuid NOT NULL REFERENCES users (id),
  -- Null until the photo is put on a listing; such uploads are removed after a day.
  product_id  uuid REFERENCES products (id),
  position    smallint CHECK (position BETWEEN 0 AND 5),
  -- sha256 of the largest variant: its blobs are <hash>-320.webp, <hash>-800.webp and <hash>-1600.webp.
  hash        text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  width       integer NOT NULL CHECK (width > 0),
  height      integer NOT NULL CHECK (height > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT photos_placed CHECK ((product_id IS NULL) = (position IS NULL))
);
-- A listing's photos in order; one photo a position.
CREATE UNIQUE INDEX photos_product_position_idx ON photos (product_id, position) WHERE product_id IS NOT NULL;
-- The cleanup of uploads never put on a listing.
CREATE INDEX photos_unattached_idx ON photos (created_at) WHERE product_id IS NULL;
-- Whether a blob is still used by another photo (the same picture uploaded twice).
CREATE INDEX photos_hash_idx ON photos (hash);
CREATE INDEX photos_seller_idx ON photos (seller_id);

-- The default photo storage: the database itself, so several instances and `pnpm start` need nothing more.
CREATE TABLE photo_blobs (
  key           text PRIMARY KEY,
  content_type  text NOT NULL,
  body          bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
