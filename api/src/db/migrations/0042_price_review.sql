-- Listings too good to be true (issue 70): a new seller's listing priced far below the price guide's range for its model
-- is marked for review; until an admin has looked (dismissing its reports clears it), buyers are shown a plain warning
-- with the range it was judged against. PhoneHaat's own report of it is reason 'price'.
ALTER TABLE products ADD COLUMN price_review text CHECK (price_review IN ('pending', 'cleared'));
ALTER TABLE products ADD COLUMN price_review_low integer CHECK (price_review_low > 0);
ALTER TABLE products ADD COLUMN price_review_high integer CHECK (price_review_high >= price_review_low);

ALTER TABLE reports DROP CONSTRAINT reports_reason_check;
ALTER TABLE reports ADD CONSTRAINT reports_reason_check
  CHECK (reason IN ('stolen', 'scam', 'wrong-details', 'duplicate', 'offensive', 'other', 'price'));
