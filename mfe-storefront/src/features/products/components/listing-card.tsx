import { Link } from 'react-router-dom';
import type { Product } from '@phonehaat/shared-api';
import { paths, useSession } from '@phonehaat/shared-auth';
import { Button, buttonClass, ProductCard, photoSrcSet } from '@phonehaat/shared-ui';
import { bookNow } from './book-now';
import { useT } from '../../../i18n';

/**
 * How many of a list's first cards load their photos at once: the rows a phone shows in its first screen (one of
 * them is the page's largest paint), a desktop's first row. The rest load as they near the screen.
 */
export const FIRST_SCREEN = 4;

interface ListingCardProps {
  product: Product;
  /**
   * Shows Book Now, which opens the page's booking dialog (BookingDialog) and calls this with the phone; for a visitor
   * (a shared link's, issue 48), it leads to sign-in and back to the phone's page, where they can book it.
   */
  onBook?(product: Product): void;
  headingLevel?: 2 | 3;
  /** The first card of a page: its photo loads at once, first, instead of lazily. */
  priority?: boolean;
  /** A card in the first screen (on a phone, the first rows): its photo loads at once, not lazily. */
  eager?: boolean;
}

/** A listing as every storefront page lists it: the whole card opens the phone's own page; a compact row on a phone. */
export function ListingCard({ product, onBook, headingLevel, priority, eager }: ListingCardProps) {
  const t = useT();
  const signedOut = useSession((s) => s.status === 'signed-out');
  const cover = product.photos[0];
  const label = t('card.bookNowLabel', { name: product.name });
  return (
    <ProductCard
      {...product}
      srcSet={cover && photoSrcSet(cover)}
      priority={priority}
      eager={eager ?? priority}
      compact
      headingLevel={headingLevel}
      title={<Link to={paths.product(product._id)}>{product.name}</Link>}
      seller={<Link to={paths.seller(product.sellerId)}>{product.sellerName}</Link>}
      actions={
        onBook &&
        (signedOut ? (
          <Link className={buttonClass('primary', 'md')} to={`${paths.login}?${new URLSearchParams({ from: paths.product(product._id) }).toString()}`} aria-label={label}>
            {t('card.bookNow')}
          </Link>
        ) : (
          <Button {...bookNow(product, onBook)} aria-label={label}>
            {t('card.bookNow')}
          </Button>
        ))
      }
    />
  );
}
