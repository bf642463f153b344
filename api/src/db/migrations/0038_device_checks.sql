-- Issue 68: the phone proves itself. When what describes the phone itself last changed (its name, photos, condition,
-- year, description, brand or IMEI; not its price or its offers): a check from before is shown as old.
ALTER TABLE products ADD COLUMN described_at timestamptz;
UPDATE products SET described_at = updated_at;
ALTER TABLE products ALTER COLUMN described_at SET NOT NULL;
ALTER TABLE products ALTER COLUMN described_at SET DEFAULT now();

CREATE FUNCTION products_described() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.described_at := now();
  RETURN NEW;
END;
$$;

CREATE TRIGGER products_described BEFORE UPDATE ON products FOR EACH ROW
WHEN (
  (OLD.name, OLD.img, OLD.condition, OLD.used_year, OLD.description, OLD.brand_id, OLD.imei_hash)
  IS DISTINCT FROM
  (NEW.name, NEW.img, NEW.condition, NEW.used_year, NEW.description, NEW.brand_id, NEW.imei_hash)
)
EXECUTE FUNCTION products_described();

-- A check's link A check's link (kept only as the hash of its token), opened once on the phone
-- within 15 minutes: a listing's, made by its seller, or a handover's, made by the booking's buyer.
CREATE TABLE device_checks (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash      text NOT NULL UNIQUE,
  purpose         text NOT NULL CHECK (purpose IN ('listing', 'handover')),
  product_id      uuid NOT NULL REFERENCES products (id),
  booking_id      uuid REFERENCES bookings (id),
  created_by      uuid NOT NULL REFERENCES users (id),
  -- The three digits the speaker plays, for the answer typed back.
  speaker_digits  text NOT NULL CHECK (speaker_digits ~ '^[0-9]{3}$'),
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  CHECK ((purpose = 'handover') = (booking_id IS NOT NULL))
);
CREATE INDEX device_checks_product_idx ON device_checks (product_id, created_at);
CREATE INDEX device_checks_creator_idx ON device_checks (created_by, created_at);

-- What a check found, as PhoneHaat recorded and signed it (Ed25519, by key id): one report per check. A handover's
-- is compared with the listing's report it was taken against.
CREATE TABLE device_reports (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  check_id            uuid NOT NULL UNIQUE REFERENCES device_checks (id),
  purpose             text NOT NULL CHECK (purpose IN ('listing', 'handover')),
  product_id          uuid NOT NULL REFERENCES products (id),
  booking_id          uuid REFERENCES bookings (id),
  steps               jsonb NOT NULL,
  facts               jsonb NOT NULL,
  -- The IMEI typed from *#06# against the listing's (its keyed hash): null when none was typed.
  imei_matches        boolean,
  lock_off            boolean NOT NULL DEFAULT false,
  seconds             integer NOT NULL,
  -- What the listing described when it was checked: a later edit of the phone's description makes the report old.
  listing_described_at  timestamptz NOT NULL,
  compared_to         uuid REFERENCES device_reports (id),
  comparison          jsonb,
  key_id              text NOT NULL,
  signature           text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_reports_listing_idx ON device_reports (product_id, created_at DESC) WHERE purpose = 'listing';
CREATE INDEX device_reports_booking_idx ON device_reports (booking_id, created_at DESC) WHERE purpose = 'handover';

-- "Not the phone that was tested" is a dispute's reason of its own, with the handover's comparison attached.
ALTER TABLE disputes DROP CONSTRAINT disputes_reason_check;
ALTER TABLE disputes ADD CONSTRAINT disputes_reason_check CHECK (reason IN ('not-as-described', 'seller-no-show', 'neir-blocked', 'not-tested-phone'));
ALTER TABLE disputes ADD COLUMN handover_report_id uuid REFERENCES device_reports (id);

-- NEIR at every handover, done and recorded: the seller's de-registration, the buyer's KYD check with the IMEI it read
-- (kept as the listing's IMEI is: its keyed hash's match and last 4 digits, never the digits).
CREATE TABLE neir_steps (
  booking_id    uuid NOT NULL REFERENCES bookings (id),
  side          text NOT NULL CHECK (side IN ('seller', 'buyer')),
  imei_last4    text,
  imei_matches  boolean,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, side),
  CHECK ((side = 'buyer') = (imei_last4 IS NOT NULL))
);
