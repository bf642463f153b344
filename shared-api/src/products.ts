import { z } from 'zod';
import { Imei } from './imei.ts';
import { asciiDigits } from './languages.ts';
import { Id, Pagination, Taka, text } from './common.ts';
import { CONDITIONS, MAX_PHOTOS, MIN_USED_YEAR } from './limits.ts';
import { TestedSummary } from './device-checks.ts';

export const Condition = z.enum(CONDITIONS, {
  message: 'Choose the condition: Excellent, Good or Fair',
});
export type Condition = z.infer<typeof Condition>;

export const ProductStatus = z.enum(['available', 'sold']);
export type ProductStatus = z.infer<typeof ProductStatus>;

/** Earliest year of purchase we accept: older phones are not the market we serve. */
export { MIN_USED_YEAR };


/** An uploaded photo: WebP in three widths, upright and without metadata. */
export const Photo = z.object({
  _id: Id,
  /** 320 px wide: cards on a phone, thumbnails. */
  small: z.string(),
  /** 800 px wide: cards on wide screens, the product page. */
  medium: z.string(),
  /** 1600 px wide: the full-size view. */
  large: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Photo = z.infer<typeof Photo>;

const photoIds = z
  .array(z.uuid({ message: 'each photo must be an uploaded photo id' }), { message: 'photos must be a list of uploaded photos' })
  .min(1, { message: 'Add at least one photo' })
  .max(MAX_PHOTOS, { message: `A listing has at most ${MAX_PHOTOS} photos` })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'A photo is listed twice' });

/** A listing's photos in order, the first the cover (PUT /addedproducts/:id/photos). */
export const PhotosBody = z.object({ photos: photoIds });
export type PhotosBody = z.infer<typeof PhotosBody>;

/** A listing's photos after a change, and its cover. */
export const ListingPhotos = z.object({ img: z.string(), photos: z.array(Photo) });
export type ListingPhotos = z.infer<typeof ListingPhotos>;

/** A photo file: its content hash and width (GET /photos/:key). */
export const PhotoKeyParams = z.object({
  key: z.string().regex(/^[0-9a-f]{64}-(320|800|1600)\.webp$/, { message: 'key is not a photo file' }),
});
export type PhotoKeyParams = z.infer<typeof PhotoKeyParams>;

/** A PhoneHaat image address: an uploaded photo's file, or one of the catalogue's pictures. */
export const OWN_IMAGE =
  /^https?:\/\/(?:(?:[a-z0-9]+(?:-[a-z0-9]+)*\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))(?::(?:[1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d\d|655[0-2]\d|6553[0-5]))?\/(?:photos\/[0-9a-f]{64}-(?:320|800|1600)\.webp|images\/products\/[A-Za-z0-9_-]+\.(?:svg|png|jpe?g|webp))$/;
export const OUTSIDE_IMAGE = 'Add the photo by uploading it: images from other websites are not accepted';

export const NewProductBody = z
  .object({
    name: text('Product name', 2, 120),
    brandId: z.uuid({ message: 'Choose a brand' }),
    resalePrice: Taka,
    originalPrice: Taka,
    condition: Condition,
    /**
     * The original contract's number typed on a listing: no longer asked for. A listing carries its seller's verified
     * number (issue 46), which buyers see once they book; one given here is checked, then not kept.
     */
    phone: z
      .string({ message: 'Mobile number is required' })
      .trim()
      .transform(asciiDigits)
      .pipe(z.string().regex(/^\+?[0-9][0-9 -]{5,18}[0-9]$/, { message: 'Mobile number must be 7 to 20 digits' }))
      .optional(),
    location: text('Location', 2, 120),
    /** The photos uploaded with POST /uploads, in order, the first the cover. */
    photos: photoIds.optional(),
    /**
     * The original contract's image URL, for listings without uploaded photos: only one of PhoneHaat's own images (an
     * upload's file or a catalogue picture), never another website's, which would track buyers and skip the photo
     * pipeline that strips location data. The API also checks it is on its own address.
     */
    img: z
      .url({ protocol: /^https?$/, message: 'Image must be an http(s) URL' })
      .max(2048)
      .regex(OWN_IMAGE, { message: OUTSIDE_IMAGE })
      .optional(),
    usedYear: z
      .number({ message: 'Enter the year you bought it, e.g. 2023' })
      .int({ message: 'Enter the year you bought it, e.g. 2023' })
      .min(MIN_USED_YEAR, { message: `Year of purchase must be ${MIN_USED_YEAR} or later` })
      .refine((year) => year <= new Date().getFullYear(), {
        message: 'Year of purchase cannot be in the future',
      }),
    description: z.string().trim().max(2000, { message: 'Description must be at most 2000 characters' }).default(''),
    /** The phone's IMEI (`*#06#`): checked and kept by the API as a keyed hash and its last 4 digits, never in clear. */
    imei: Imei.optional(),
    /** Bargaining (issue 47): open to offers, with the lowest price the seller takes (never shown to buyers). */
    openToOffers: z.boolean().default(false),
    lowestOffer: Taka.nullable().default(null),
  })
  .refine((product) => product.resalePrice <= product.originalPrice, {
    path: ['resalePrice'],
    message: 'Resale price cannot be more than the original price',
  })
  .refine((product) => product.lowestOffer === null || product.lowestOffer === undefined || product.lowestOffer <= product.resalePrice, {
    path: ['lowestOffer'],
    message: 'The lowest offer you take cannot be above your asking price',
  })
  .refine((product) => product.photos !== undefined || product.img !== undefined, {
    path: ['photos'],
    message: 'Add at least one photo',
  });
export type NewProductBody = z.input<typeof NewProductBody>;

/** The price guide's range (taka, the middle half of prices) a listing was judged far below (issue 70). */
export const PriceWarning = z.object({ low: z.number().int().positive(), high: z.number().int().positive() });
export type PriceWarning = z.infer<typeof PriceWarning>;

/** A product as every listing shows it, with its seller's name and verified badge. */
export const Product = z.object({
  _id: Id,
  name: z.string(),
  /** The cover: the first photo's medium size, or the image URL of a listing without uploaded photos. */
  img: z.string(),
  /** Uploaded photos in order (empty for listings that only have `img`). */
  photos: z.array(Photo),
  brandId: Id,
  brandName: z.string(),
  condition: Condition,
  resalePrice: z.number().int(),
  originalPrice: z.number().int(),
  usedYear: z.number().int(),
  location: z.string(),
  description: z.string(),
  /** Its seller, for their profile (/sellers/:id). */
  sellerId: Id,
  sellerName: z.string(),
  sellerVerified: z.boolean(),
  /** They proved their phone number with a one-time code (issue 46): "Phone number verified". */
  sellerPhoneVerified: z.boolean(),
  /** Their average rating from buyers (one decimal), null with no review yet, and how many reviews. */
  sellerRating: z.number().nullable(),
  sellerReviews: z.number().int().min(0),
  /** Its IMEI was given, valid, not on the blocklist and on no other live listing (issue 28): "IMEI checked". */
  imeiChecked: z.boolean(),
  status: ProductStatus,
  /** Its seller takes offers (issue 47). */
  openToOffers: z.boolean(),
  /** Its seller sends phones by courier (they keep a pickup point, issue 45): Book Now offers courier delivery only then. */
  courier: z.boolean(),
  advertised: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Its newest check in its own browser, signed by PhoneHaat (issue 68): "Tested on this phone"; null if never (or not signed). */
  tested: TestedSummary.nullish(),
  /**
   * Priced far below the price guide's range for its model by a new seller (issue 70), and not yet reviewed by PhoneHaat:
   * buyers are warned, with the range (taka) it was judged against. Null or absent: nothing to warn of.
   */
  priceWarning: PriceWarning.nullish(),
});
export type Product = z.infer<typeof Product>;
export const ProductList = z.array(Product);

/** A seller's own listing (GET /addedproducts): how many bookings it has, and why PhoneHaat removed it, if it did. */
export const SellerListing = Product.extend({
  bookings: z.number().int().min(0),
  removedReason: z.string().nullable(),
  /** Its IMEI's last 4 digits (shown as •••• 4821), to its seller alone; null when none was given. */
  imeiLast4: z.string().nullable(),
  /** The lowest offer its seller takes (issue 47), to its seller alone. */
  lowestOffer: z.number().int().nullable(),
});
export type SellerListing = z.infer<typeof SellerListing>;
export const SellerListingList = z.array(SellerListing);

export const ProductPageQuery = Pagination;
export const ProductPage = z.object({
  brand: z.object({ _id: Id, name: z.string() }),
  products: ProductList,
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
});
export type ProductPage = z.infer<typeof ProductPage>;

export const AdvertisedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

export const CategoryParams = z.object({ categoryId: Id });

export const AdvertiseBody = z.object({ id: z.uuid({ message: 'id must be a valid product id' }) });
export type AdvertiseBody = z.infer<typeof AdvertiseBody>;

/** PUT /addedproducts/:id/price: the seller's new asking price (never above the original price). */
export const ChangePriceBody = z.object({ resalePrice: Taka });
export type ChangePriceBody = z.infer<typeof ChangePriceBody>;
/** A listing's new asking price. */
export const ChangedPrice = Product.pick({ _id: true, resalePrice: true });
