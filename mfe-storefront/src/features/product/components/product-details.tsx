import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { KeptFor, PriceWarning, ProductDetail } from '@phonehaat/shared-api';
import { paths, useRole, useSession } from '@phonehaat/shared-auth';
import { Button, buttonClass, conditionText, formatDate, formatNumber, formatTaka, ImeiBadge, Price, SellerRating, useLanguage, PhoneVerifiedMark, VerifiedBadge, VisuallyHidden, yearText } from '@phonehaat/shared-ui';
import { bookNow } from '../../products';
import { sellerSinceText } from '../seller-since';
import { PhotoGallery } from './photo-gallery';
import { WatchButton } from './watch-button';
import { OFFER_ANCHOR } from './offer-anchor';
import { ShareButton } from './share-button';
import styles from './product-details.module.css';
import { useT } from '../i18n';

interface ProductDetailsProps {
  product: ProductDetail;
  /** Book Now: opens the page's booking dialog, and calls this with the phone. */
  onBook(product: ProductDetail): void;
  /** Opens "Report this listing" (offered to everyone but its seller). */
  onReport(): void;
}

/** The phone's photo, prices and saving, its facts, its seller, and Book Now (or why not). */
export function ProductDetails({ product, onBook, onReport }: ProductDetailsProps) {
  // The conversations slice, reached by its address only (issue 26).
  const { can } = useRole();
  const signedOut = useSession((s) => s.status === 'signed-out');
  const location = useLocation();
  const backHere = `${paths.login}?${new URLSearchParams({ from: `${location.pathname}${location.search}` }).toString()}`;
  const [photoFailed, setPhotoFailed] = useState(false);
  const t = useT();
  const language = useLanguage();
  const sold = product.status === 'sold';
  const saving = product.originalPrice - product.resalePrice;
  const soldBadge = sold && <span className={styles.soldBadge}>{t('product.sold')}</span>;
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
        <h1 id="product-name" className={styles.name} translate="no">
          {product.name}
        </h1>
        {sold && (
          <p className={styles.soldNote} role="status">
            {t('product.soldNote')}
          </p>
        )}
        <p className={styles.prices}>
          <Price amount={product.resalePrice} size="lg" className={styles.price} />
          <span>
            <VisuallyHidden>{t('product.originalPrice')}</VisuallyHidden> <Price amount={product.originalPrice} strike />
          </span>
        </p>
        {product.priceWarning && !sold && <PriceWarningNote range={product.priceWarning} />}
        {product.openToOffers && !sold && <p className={styles.offers}>{t('product.openToOffers')}</p>}
        {!sold && product.keptFor && <KeptNote kept={product.keptFor} />}
        {saving > 0 && (
          <p className={styles.saving}>
            {t('product.saving', { amount: formatTaka(saving, language), percent: formatNumber(Math.round((saving / product.originalPrice) * 100), language) })}
          </p>
        )}

        <dl className={styles.facts}>
          <div>
            <dt>{t('product.condition')}</dt>
            <dd>{conditionText(product.condition)}</dd>
          </div>
          <div>
            <dt>{t('product.year')}</dt>
            <dd>{yearText(product.usedYear, language)}</dd>
          </div>
          <div>
            <dt>{t('product.usedFor')}</dt>
            <dd>{t('product.usedYears', { years: Math.max(0, new Date().getFullYear() - product.usedYear) })}</dd>
          </div>
          <div>
            <dt>{t('product.brand')}</dt>
            <dd>{product.brandName}</dd>
          </div>
          <div className={styles.wide}>
            <dt>{t('product.location')}</dt>
            <dd translate="no">{product.location}</dd>
          </div>
          {product.imeiChecked && (
            <div className={styles.wide}>
              <dt>{t('product.imei')}</dt>
              <dd>
                <ImeiBadge />
              </dd>
            </div>
          )}
        </dl>

        <section className={styles.seller} aria-labelledby="seller-heading">
          <h2 id="seller-heading" className={styles.sellerHeading}>
            {t('product.seller')}
          </h2>
          <p className={styles.sellerName}>
            <Link to={paths.seller(product.sellerId)} translate="no">
              {product.sellerName}
            </Link>
            {product.sellerVerified && (
              <>
                <VerifiedBadge />
                <span className={styles.verifiedText} aria-hidden="true">
                  {t('product.verified')}
                </span>
              </>
            )}
            {product.sellerPhoneVerified && (
              <>
                <PhoneVerifiedMark />
                <span className={styles.verifiedText} aria-hidden="true">
                  {t('product.phoneVerified')}
                </span>
              </>
            )}
          </p>
          <p className={styles.since}>
            {sellerSinceText(product.sellerSince)} <SellerRating rating={product.sellerRating} count={product.sellerReviews} />
          </p>
        </section>

        {product.ownListing ? (
          <p className={styles.note}>{t('product.ownListing')}</p>
        ) : signedOut ? (
          // A visitor (a shared link, a search engine, issue 48): each step asks them to sign in, then brings them back here.
          <>
            {!sold && (
              <Link className={`${buttonClass('primary', 'md')} ${styles.book}`} to={backHere}>
                {t('product.book')}
              </Link>
            )}
            {!sold && product.openToOffers && (
              <Link className={`${buttonClass('secondary', 'md')} ${styles.book}`} to={`${backHere}${encodeURIComponent(`#${OFFER_ANCHOR}`)}`}>
                {t('offer.title')}
              </Link>
            )}
            {!sold && (
              <Link className={`${buttonClass('secondary', 'md')} ${styles.book}`} to={backHere}>
                {t('product.message')}
              </Link>
            )}
            <p className={styles.note}>{t('product.signInFirst')}</p>
            <Link className={`${buttonClass('ghost', 'sm')} ${styles.report}`} to={backHere}>
              {t('product.report')}
            </Link>
          </>
        ) : (
          <>
            {/* Kept for another buyer at a price they agreed: not bookable meanwhile (KeptNote says until when). */}
            {!sold && !(product.keptFor && !product.keptFor.you) && (
              <Button size="md" className={styles.book} {...bookNow(product, onBook)}>
                {product.keptFor?.price != null ? t('product.bookAt', { amount: formatTaka(product.keptFor.price, language) }) : t('product.book')}
              </Button>
            )}
            {!sold && can('create:thread') && (
              <Link className={`${buttonClass('secondary', 'md')} ${styles.book}`} to={paths.messageAbout(product._id)}>
                {t('product.message')}
              </Link>
            )}
            {!sold && can('watch:product') && <WatchButton productId={product._id} className={styles.book} />}
            <Button variant="ghost" size="sm" className={styles.report} onClick={onReport}>
              {t('product.report')}
            </Button>
          </>
        )}
        {!sold && <ShareButton name={product.name} price={product.resalePrice} />}
      </div>
    </article>
  );
}

/**
 * A new seller's price far below what phones like this one go for (issue 70), not yet reviewed by PhoneHaat: said
 * plainly, with the range, and what keeps a buyer safe. Not an accusation: some cheap phones are genuine.
 */
function PriceWarningNote({ range }: { range: PriceWarning }) {
  const t = useT();
  const language = useLanguage();
  return (
    <div className={styles.priceWarning} role="note" aria-label={t('product.priceWarningTitle')} data-testid="price-warning">
      <p className={styles.priceWarningTitle}>{t('product.priceWarningTitle')}</p>
      <p>{t('product.priceWarning', { low: formatTaka(range.low, language), high: formatTaka(range.high, language) })}</p>
    </div>
  );
}

/** A phone kept at a price its seller agreed (issue 65): for this reader (at their price, until when) or for another. */
function KeptNote({ kept }: { kept: KeptFor }) {
  const t = useT();
  const language = useLanguage();
  const until = kept.until && formatDate(kept.until, { day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }, language);
  if (!kept.you) return <p className={styles.kept}>{until ? t('product.keptForOtherUntil', { until }) : t('product.keptForOther')}</p>;
  const amount = formatTaka(kept.price ?? 0, language);
  return (
    <p className={styles.kept} role="status">
      {until ? t('product.keptForYouUntil', { amount, until }) : t('product.keptForYou', { amount })}
    </p>
  );
}
