import type { KeptFor, Product } from '@phonehaat/shared-api';
import { dialogCommand } from '@phonehaat/shared-ui';

/** A phone as Book Now needs it: `resalePrice` is the price it is booked at (`agreed`: one its seller agreed with this buyer). */
export type Bookable = Pick<Product, '_id' | 'name' | 'resalePrice' | 'courier'> & { agreed?: boolean };

/** The phone at the reader's price: the agreed one while it is kept for them (the server's `keptFor`), else as listed. */
export const bookableAt = (product: Bookable, kept: KeptFor | null | undefined): Bookable =>
  kept?.you && kept.price !== null ? { ...product, resalePrice: kept.price, agreed: true } : { ...product, agreed: false };

/** The page's one booking dialog (every Book Now on the page opens it). */
export const BOOKING_DIALOG = 'booking-dialog';

/**
 * Props for a Book Now button: the browser opens the booking dialog at the tap, before the app has started too (issue
 * 24); the click tells the page which phone (a tap before the app started is replayed once it has). A module of its
 * own: a card carries its Book Now without the dialog's code and words, which come with the pages that show the dialog.
 */
export const bookNow = <P extends Bookable>(product: P, onBook: (product: P) => void) => dialogCommand(BOOKING_DIALOG, 'show-modal', () => onBook(product));
