// Values and limits of the contract (conditions, search, photos), in a module without zod, so a browser page can use them without
// downloading the schemas (as permissions.ts is).

/** A phone's condition, best first (products.ts builds its zod enum from this list). */
export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;

/** The earliest year of purchase a listing (and a price guide question) may give. */
export const MIN_USED_YEAR = 2000;

/** The longest model name the price guide is asked about. */
export const MAX_GUIDE_NAME = 120;

/** The longest query people may type; longer text is refused, not cut. */
export const MAX_QUERY_LENGTH = 100;
/** At most this many suggestions for what is being typed. */
export const MAX_SUGGESTIONS = 8;
/** At most this many similar phones on a product page. */
export const MAX_SIMILAR = 4;
/** An empty result's "without this filter" counts stop here (a total equal to it means "that many or more"). */
export const WITHOUT_FILTER_CAP = 1000;

/** The most photos a listing has. */
export const MAX_PHOTOS = 6;
/** The largest photo file a seller may upload, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Why a listing is reported, in the order the report dialog offers them, with the words it shows. */
export const REPORT_REASONS = ['stolen', 'scam', 'wrong-details', 'price', 'duplicate', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  stolen: 'Suspected stolen',
  scam: 'Scam or fake',
  'wrong-details': 'Wrong details or price',
  price: 'Price too good to be true',
  duplicate: 'Duplicate listing',
  offensive: 'Offensive',
  other: 'Other',
};
/** The longest note a report, or a removal's reason, may carry. */
export const MAX_REPORT_NOTE = 500;
/** Photos a buyer may show with a dispute. */
export const MAX_DISPUTE_PHOTOS = 4;

/**
 * A stored access token restores a session at once (before Firebase confirms it) only while it has at least this
 * long to live (ms): shared-auth's token.ts, and the shell's index.html choosing what to preload, test the same.
 */
export const REMEMBERED_TOKEN_MARGIN_MS = 60_000;

/** The longest message in a conversation, in characters; longer is refused, not cut. */
export const MAX_MESSAGE = 2000;

/** The kinds of e-mail a person can turn off, each unsubscribed from on its own (issue 27). */
export const EMAIL_KINDS = ['booked', 'paid', 'released', 'disputed', 'dispute-decided', 'paid-out', 'sold-elsewhere', 'listing-removed', 'your-listing-removed', 'saved-search', 'parcel', 'offer'] as const;

/** The longest review comment, or a seller's reply to one, in characters (issue 28). */
export const MAX_REVIEW_TEXT = 1000;
/** A buyer may change their review for this many days after writing it. */
export const REVIEW_EDIT_DAYS = 14;

/** Events in one real-user beacon (rum.ts): a page view's few, batched. */
export const MAX_RUM_EVENTS = 8;

/** The ways to pay on a provider's own page beside the Stripe card: bKash, Nagad, and SSLCommerz (local cards, banks, other wallets). */
export const WALLET_METHODS = ['bkash', 'nagad', 'sslcommerz'] as const;
/** Why a buyer disputes a held sale. */
export const DISPUTE_REASONS = ['not-as-described', 'seller-no-show', 'neir-blocked', 'not-tested-phone'] as const;
