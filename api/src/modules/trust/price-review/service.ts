import { sql } from 'drizzle-orm';
import type { Condition, PriceGuide, PriceGuideQuery, ReportReason } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';

/** The reason of PhoneHaat's own report of a listing it marked. */
const REASON: ReportReason = 'price';

/** What the rule reads of a listing. */
export interface PricedListing {
  id: string;
  sellerId: string;
  brandId: string;
  name: string;
  condition: Condition;
  usedYear: number;
  resalePrice: number;
}

interface Deps {
  db: Db;
  priceGuide: (query: PriceGuideQuery) => Promise<PriceGuide>;
  /** A price below this share of the guide's lower quartile is too good to be true (PRICE_TOO_LOW_RATIO). */
  ratio: number;
  /** A seller whose account is younger than this, with no phone sold yet, is new (NEW_SELLER_DAYS). */
  newSellerDays: number;
}

/**
 * Listings too good to be true (issue 70, decision 054): a new seller's listing priced below `ratio` of the price
 * guide's lower quartile for its model, condition and year is marked for review, and PhoneHaat reports it (reason
 * 'price'); buyers see a plain warning until an admin dismisses the report (the review) or removes the listing. Checked
 * when it is listed and whenever its price changes; a price raised out of the rule's reach is no longer warned of.
 */
export function createPriceReview({ db, priceGuide, ratio, newSellerDays }: Deps) {
  async function isNewSeller(sellerId: string): Promise<boolean> {
    const [row] = await rows<{ new: boolean }>(
      db,
      sql`SELECT (u.created_at > now() - make_interval(days => ${newSellerDays}))
            AND NOT EXISTS (SELECT 1 FROM bookings b JOIN products p ON p.id = b.product_id WHERE p.seller_id = u.id AND b.paid AND p.status = 'sold') AS new
          FROM users u WHERE u.id = ${sellerId}`,
    );
    return Boolean(row?.new);
  }

  /** The guide's range the price is too far below, or null (no guide for the model, a fair price, a known seller). */
  async function judge(listing: PricedListing): Promise<{ low: number; high: number } | null> {
    const guide = await priceGuide({ brandId: listing.brandId, name: listing.name, condition: listing.condition, usedYear: listing.usedYear });
    if (guide.low === null || guide.high === null || listing.resalePrice >= guide.low * ratio) return null;
    return (await isNewSeller(listing.sellerId)) ? { low: guide.low, high: guide.high } : null;
  }

  return {
    /** After a listing is made or its price changed: marks it (and reports it once) or unmarks it. Answers whether it is marked. */
    async check(listing: PricedListing): Promise<boolean> {
      const range = await judge(listing);
      if (!range) {
        await db.execute(sql`UPDATE products SET price_review = NULL WHERE id = ${listing.id} AND price_review = 'pending'`);
        return false;
      }
      await db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE products SET price_review = 'pending', price_review_low = ${range.low}, price_review_high = ${range.high} WHERE id = ${listing.id}`);
        // One open report of PhoneHaat's a listing: a second cut in price adds none.
        await tx.execute(sql`INSERT INTO reports (product_id, reporter_id, reason, note)
          SELECT ${listing.id}, NULL, ${REASON}, '' WHERE NOT EXISTS (
            SELECT 1 FROM reports WHERE product_id = ${listing.id} AND reporter_id IS NULL AND reason = ${REASON} AND status = 'open')`);
      });
      return true;
    },
  };
}
export type PriceReview = ReturnType<typeof createPriceReview>;
