-- Listings' images come only from PhoneHaat (issue 43). A listing made under the original contract with another
-- website's image URL shows PhoneHaat's "no photo yet" picture until its seller adds a photo; the old address is kept
-- here for the record, never shown.
ALTER TABLE products ADD COLUMN outside_img text;
