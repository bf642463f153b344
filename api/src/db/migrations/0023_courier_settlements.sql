-- A courier's settlement (issue 45, decision 037): the payment invoices in which it paid PhoneHaat the cash its riders
-- collected, less its charges, as its settlement report says them (taka). Recorded once per invoice; each line settles
-- its parcel's receivable in the ledger ('settled'), and the Money page reconciles the lines against PhoneHaat's own.
CREATE TABLE courier_settlements (
  courier      text NOT NULL,
  invoice_id   text NOT NULL,
  recorded_by  uuid NOT NULL REFERENCES users (id),
  recorded_at  timestamptz NOT NULL DEFAULT now(),
  payout       integer NOT NULL,
  PRIMARY KEY (courier, invoice_id)
);

CREATE TABLE courier_settlement_lines (
  courier         text NOT NULL,
  invoice_id      text NOT NULL,
  consignment_id  text NOT NULL,
  status          text NOT NULL CHECK (status IN ('delivered', 'returned')),
  collected       integer NOT NULL CHECK (collected >= 0),
  delivery_fee    integer NOT NULL CHECK (delivery_fee >= 0),
  cod_fee         integer NOT NULL CHECK (cod_fee >= 0),
  payout          integer NOT NULL,
  PRIMARY KEY (courier, invoice_id, consignment_id),
  FOREIGN KEY (courier, invoice_id) REFERENCES courier_settlements (courier, invoice_id)
);
CREATE INDEX courier_settlement_lines_parcel_idx ON courier_settlement_lines (courier, consignment_id);

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_movement_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_movement_check
  CHECK (movement IN ('paid', 'released', 'fee', 'refunded', 'paid_out', 'settled'));
