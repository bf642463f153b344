// Values and limits of the contract (conditions, search, photos), in a module without zod, so a browser page can use them without
// downloading the schemas (as permissions.ts is).

/** A phone's condition, best first (products.ts builds its zod enum from this list). */
export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;

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
