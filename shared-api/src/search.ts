import { z } from 'zod';
import { DeviceReport } from './device-checks.ts';
import { Id, Pagination } from './common.ts';
import { amountOf } from './digits.ts';
import { languages } from './languages.ts';
import { MAX_QUERY_LENGTH, MAX_SIMILAR, MAX_SUGGESTIONS, WITHOUT_FILTER_CAP } from './limits.ts';
import { Condition, MIN_USED_YEAR, Product, ProductList } from './products.ts';

export { MAX_QUERY_LENGTH, MAX_SIMILAR, MAX_SUGGESTIONS, WITHOUT_FILTER_CAP };

export const SearchSort = z.enum(['relevance', 'newest', 'price_asc', 'price_desc', 'rating'], {
  message: 'sort must be relevance, newest, price_asc, price_desc or rating',
});
export type SearchSort = z.infer<typeof SearchSort>;

/** A query-string value that a form may send empty: empty means "not set". */
const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** A figure as a person may write it, in Bangla (৩০,০০০) or English (Tk 30,000): the number, or NaN (said as not one). */
const figure = (value: unknown) => (typeof value === 'string' ? amountOf(value) : value);

/** A repeatable parameter, optional: `brand=a&brand=b` or `brand=a,b`, at most 20 values; none when left out. */
const several = <T extends z.ZodType>(item: T, label: string) =>
  z
    .preprocess(
      (value) => (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(',')).map((part) => part.trim()).filter(Boolean),
      z.array(item).max(20, { message: `at most 20 ${label}` }),
    )
    .default([]);

const price = (name: string) =>
  z.preprocess(
    figure,
    z.coerce
      .number({ message: `${name} must be a number of Taka` })
      .int({ message: `${name} must be a whole number of Taka` })
      .min(0, { message: `${name} cannot be negative` })
      .max(10_000_000, { message: `${name} must be at most Tk 10,000,000` })
      .optional(),
  );

export const SearchQuery = Pagination.extend({
  q: z.preprocess(
    blankIsUnset,
    z.string({ message: 'q must be text' }).trim().max(MAX_QUERY_LENGTH, { message: `q must be at most ${MAX_QUERY_LENGTH} characters` }).optional(),
  ),
  brand: several(Id, 'brands'),
  minPrice: price('minPrice'),
  maxPrice: price('maxPrice'),
  condition: several(Condition, 'conditions'),
  fromYear: z.preprocess(
    figure,
    z.coerce
      .number({ message: 'fromYear must be a year' })
      .int({ message: 'fromYear must be a year' })
      .min(MIN_USED_YEAR, { message: `fromYear must be ${MIN_USED_YEAR} or later` })
      .refine((year) => year <= new Date().getFullYear(), { message: 'fromYear cannot be in the future' })
      .optional(),
  ),
  location: z.preprocess(
    blankIsUnset,
    z.string({ message: 'location must be text' }).trim().max(60, { message: 'location must be at most 60 characters' }).optional(),
  ),
  verified: z.preprocess(
    blankIsUnset,
    z.enum(['true', 'false'], { message: 'verified must be true or false' }).transform((value) => value === 'true').default(false),
  ),
  imeiChecked: z.preprocess(
    blankIsUnset,
    z.enum(['true', 'false'], { message: 'imeiChecked must be true or false' }).transform((value) => value === 'true').default(false),
  ),
  /** Only phones whose seller verified their number with a code (issue 46). */
  phoneVerified: z.preprocess(
    blankIsUnset,
    z.enum(['true', 'false'], { message: 'phoneVerified must be true or false' }).transform((value) => value === 'true').default(false),
  ),
  sort: z.preprocess(blankIsUnset, SearchSort.optional()),
}).refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
  path: ['maxPrice'],
  message: 'maxPrice must be at least minPrice',
});
export type SearchQuery = z.input<typeof SearchQuery>;
export type SearchFilters = z.output<typeof SearchQuery>;

/** The filters a search can be narrowed by, named as the empty state offers to drop them. */
export const SearchFilterName = z.enum(['q', 'brand', 'price', 'condition', 'fromYear', 'location', 'verified', 'imeiChecked', 'phoneVerified']);
export type SearchFilterName = z.infer<typeof SearchFilterName>;

export const SearchResults = z.object({
  products: ProductList,
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  /** The order used: relevance only when there are words to match. */
  sort: SearchSort,
  /** The words as searched, when some were corrected ("samsng" → "samsung"). */
  interpretedAs: z.string().optional(),
  /** Counts for the current query and the other filters: a brand's count ignores the brand filter, likewise condition. */
  facets: z.object({
    brands: z.array(z.object({ _id: Id, name: z.string(), count: z.number().int().min(0) })),
    conditions: z.array(z.object({ condition: Condition, count: z.number().int().min(0) })),
  }),
  /**
   * Only when nothing matched: how many would match without each active filter, counted up to
   * WITHOUT_FILTER_CAP (a total equal to it means "that many or more").
   */
  withoutFilter: z.array(z.object({ filter: SearchFilterName, total: z.number().int().min(0).max(WITHOUT_FILTER_CAP) })).optional(),
});
export type SearchResults = z.infer<typeof SearchResults>;

export const SuggestQuery = z.object({
  q: z
    .string({ message: 'q is required' })
    .trim()
    .min(2, { message: 'q must be at least 2 characters' })
    .max(MAX_QUERY_LENGTH, { message: `q must be at most ${MAX_QUERY_LENGTH} characters` }),
});
export type SuggestQuery = z.input<typeof SuggestQuery>;

export const Suggestions = z.object({
  suggestions: z
    .array(z.object({ text: z.string(), kind: z.enum(['brand', 'product']) }))
    .max(MAX_SUGGESTIONS),
});
export type Suggestions = z.infer<typeof Suggestions>;

/**
 * A phone kept for a buyer whose offer its seller accepted (issue 47), as its page tells its reader: kept for them (with
 * the agreed price, which Book Now books at) or for someone else; until when (null: its sale is under way).
 */
export const KeptFor = z.object({
  you: z.boolean(),
  until: z.iso.datetime().nullable(),
  /** The agreed price, to the buyer it is kept for only. */
  price: z.number().int().nullable(),
});
export type KeptFor = z.infer<typeof KeptFor>;

/** One listing, whole, for its own page. */
export const ProductDetail = Product.extend({
  /** Kept for a buyer at an agreed price (issue 65: "kept for you until …"), or null. */
  keptFor: KeptFor.nullable(),
  /** When the seller joined PhoneHaat. */
  sellerSince: z.iso.datetime(),
  /** The caller listed this phone (they cannot book it). */
  ownListing: z.boolean(),
  /** When what its page shows last changed. */
  updatedAt: z.iso.datetime(),
  /** The picture its shared link shows, per page language (1200 × 630 JPEG; its address changes with the phone). */
  shareImage: z.object({ en: z.url(), bn: z.url() }),
  /** Its newest check in its own browser (issue 68), step by step, whether it is old and whether PhoneHaat's signature holds; null if never checked. */
  deviceReport: DeviceReport.nullish(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** A share image's address: the page's language and the version the page named (an older one is sent on to the current). */
export const ShareImageQuery = z.object({
  lang: z.enum(languages, { message: 'lang must be en or bn' }).default('en'),
  v: z.string().max(32, { message: 'v is at most 32 characters' }).optional(),
});
export type ShareImageQuery = z.input<typeof ShareImageQuery>;

/** One file of the phones' sitemap, named as the sitemap index lists it: `phones-1.xml`, `phones-2.xml`, … */
export const SitemapFileParams = z.object({
  file: z.string().regex(/^phones-[1-9]\d{0,5}\.xml$/, { message: 'file must be a sitemap file the index lists, such as phones-1.xml' }),
});
export type SitemapFileParams = z.infer<typeof SitemapFileParams>;

export const SimilarProducts = ProductList.max(MAX_SIMILAR);
