import { useState } from 'react';
import type { ProductDetail } from '@phonehaat/shared-api';
import { Button, formatTaka, Price, VerifiedBadge, VisuallyHidden, yearsUsedText } from '@phonehaat/shared-ui';
import { bookNow } from '../../products/components/booking-dialog';
import { sellerSinceText } from '../seller-since';
import { PhotoGallery } from './photo-gallery';
import styles from './product-details.module.css';

interface ProductDetailsProps {
  product: ProductDetail;
  /** Book now: opens the page's booking dialog, and calls this with the phone. */
  onBook(product: ProductDetail): void;
  /** Opens "Report this listing" (offered to everyone but its seller). */
  onReport(): void;
}

/** The phone's photo, prices and saving, its facts, its seller, and Book now (or why not). */
export function ProductDetails({ product, onBook, onReport }: ProductDetailsProps) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const sold = product.status === 'sold';
  const saving = product.originalPrice - product.resalePrice;
  const soldBadge = sold && <span className={styles.soldBadge}>Sold</span>;
  return (
    <article className={styles.product} aria-labelledby="product-name">
      {product.photos.length > 0 ? (
        <PhotoGallery name={product.name} photos={product.photos} overlay={soldBadge} />
      ) : (
        <div className={styles.media}>
          {photoFailed || !product.img ? (
            <div className={styles.placeholder} role="img" aria-label={product.name} />
          ) : (
            <img
              className={styles.image}
              src={product.img}
              alt={product.name}
              width={800}
              height={600}
              fetchPriority="high"
              decoding="async"
              onError={() => setPhotoFailed(true)}
            />
          )}
          {soldBadge}
        </div>
      )}

      <div className={styles.info}>
        <h1 id="product-name" className={styles.name}>
          {product.name}
        </h1>
        {sold && (
          <p className={styles.soldNote} role="status">
            This phone has been sold. Similar phones on sale are below.
          </p>
        )}
        <p className={styles.prices}>
          <Price amount={product.resalePrice} size="lg" className={styles.price} />
          <span>
            <VisuallyHidden>original price</VisuallyHidden> <Price amount={product.originalPrice} strike />
          </span>
        </p>
        {saving > 0 && (
          <p className={styles.saving}>
            You save {formatTaka(saving)} ({Math.round((saving / product.originalPrice) * 100)}% off the new price)
          </p>
        )}

        <dl className={styles.facts}>
          <div>
            <dt>Condition</dt>
            <dd>{product.condition}</dd>
          </div>
          <div>
            <dt>Year of purchase</dt>
            <dd>{product.usedYear}</dd>
          </div>
          <div>
            <dt>Used for</dt>
            <dd>{yearsUsedText(product.usedYear).replace(/ used$/, '')}</dd>
          </div>
          <div>
            <dt>Brand</dt>
            <dd>{product.brandName}</dd>
          </div>
          <div className={styles.wide}>
            <dt>Location</dt>
            <dd>{product.location}</dd>
          </div>
        </dl>

        <section className={styles.seller} aria-labelledby="seller-heading">
          <h2 id="seller-heading" className={styles.sellerHeading}>
            Seller
          </h2>
          <p className={styles.sellerName}>
            {product.sellerName}
            {product.sellerVerified && (
              <>
                <VerifiedBadge />
                <span className={styles.verifiedText} aria-hidden="true">
                  Verified
                </span>
              </>
            )}
          </p>
          <p className={styles.since}>{sellerSinceText(product.sellerSince)}</p>
        </section>

        {product.ownListing ? (
          <p className={styles.note}>This is your listing. Buyers book it from this page.</p>
        ) : (
          <>
            {!sold && (
              <Button size="md" className={styles.book} {...bookNow(product, onBook)}>
                Book now
              </Button>
            )}
            <Button variant="ghost" size="sm" className={styles.report} onClick={onReport}>
              Report this listing
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
