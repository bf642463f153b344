-- A courier booking paid online is charged the phone and the delivery fee together (issue 45): the payment keeps the
-- sale's amount (held for the seller, as before) and, beside it, the delivery fee taken with it (poisha), which
-- PhoneHaat owes the courier until its invoice deducts it.
ALTER TABLE payments ADD COLUMN delivery_fee integer NOT NULL DEFAULT 0 CHECK (delivery_fee >= 0);
