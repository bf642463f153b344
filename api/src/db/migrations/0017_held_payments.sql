-- Held until the handover (issue 33): a sale's money is held for its booking until the buyer confirms, the seller
-- enters the buyer's code, or the set days pass; every movement of money is a double-entry ledger posting.
ALTER TABLE bookings ADD COLUMN held_at timestamptz;
ALTER TABLE bookings ADD COLUMN released_at timestamptz;
ALTER TABLE bookings ADD COLUMN release_reason text CHECK (release_reason IN ('buyer', 'code', 'auto', 'admin', 'before-escrow'));
-- Six digits the buyer tells the seller at the meeting; shown to the buyer only.
ALTER TABLE bookings ADD COLUMN handover_code text CHECK (handover_code ~ '^[0-9]{6}$');
ALTER TABLE bookings ADD COLUMN handover_tries smallint NOT NULL DEFAULT 0;
-- PhoneHaat's fee on the sale in poisha, fixed when it is paid (the seller's first sales carry the lower fee).
ALTER TABLE bookings ADD COLUMN fee integer CHECK (fee >= 0);
-- Sales paid before money was held were the seller's at once.
UPDATE bookings SET held_at = created_at, released_at = now(), release_reason = 'before-escrow', fee = 0 WHERE paid;
CREATE INDEX bookings_held_idx ON bookings (held_at) WHERE held_at IS NOT NULL AND released_at IS NULL;

-- The ledger: append-only, in poisha, debits positive and credits negative. A posting is one movement; its lines sum
-- to zero (checked when its transaction commits), so every booking's entries and all of them sum to zero.
-- Accounts: provider:<method> (money the provider holds for us), held, seller:<id> (owed to a seller), fees.
CREATE TABLE ledger_entries (
  id          bigserial PRIMARY KEY,
  posting     uuid NOT NULL,
  booking_id  uuid REFERENCES bookings (id),
  movement    text NOT NULL CHECK (movement IN ('paid', 'released', 'fee', 'refunded', 'paid_out')),
  account     text NOT NULL,
  amount      bigint NOT NULL CHECK (amount <> 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_booking_idx ON ledger_entries (booking_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account);

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

CREATE FUNCTION ledger_posting_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT sum(amount) FROM ledger_entries WHERE posting = NEW.posting) <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance', NEW.posting;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_balances();
