import { useState, type ReactNode } from 'react';
import type { TestedSummary } from '@phonehaat/shared-api';
import { Price } from '../price/price';
import { cx } from '../utils/cx';
import { VerifiedBadge } from '../verified-badge/verified-badge';
import { PhoneVerifiedMark } from '../verified-badge/phone-verified-mark';
import { ImeiBadge } from '../imei-badge/imei-badge';
import { TestedBadge } from '../tested-badge/tested-badge';
import { SellerRating } from '../seller-rating/seller-rating';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './product-card.module.css';
import { conditionText } from './condition';
import { yearsUsedText, yearText } from './years-used';
import { useLanguage } from '../i18n/catalogs';
import { useT } from '../i18n/ui-catalog';

export interface ProductCardProps {
  name: string;
  img: string;
  resalePrice: number;
  originalPrice: number;
  condition: string;
  /** Year of purchase. */
  usedYear: number;
  location: string;
  sellerName: string;
  sellerVerified: boolean;
  /** The seller proved their phone number (issue 46). */
  sellerPhoneVerified?: boolean;
  /** The seller's average rating (null: no review yet) and how many reviews. */
  sellerRating?: number | null;
  sellerReviews?: number;
  /** The seller's name as a link to their profile (`<Link to=…>{name}</Link>`), in place of the plain name. */
  seller?: ReactNode;
  /** Its IMEI was checked: the card says so. */
  imeiChecked?: boolean;
  /** Its newest check in its own browser, signed by PhoneHaat (issue 68): "Tested on this phone". */
  tested?: TestedSummary | null;
  /** Buttons under the details, e.g. Book Now. */
  actions?: ReactNode;
  /** Shown over the photo, e.g. "Sold". */
  badge?: ReactNode;
  /** 3 under a page's section heading (the default), 2 when the cards sit right under the page's <h1>. */
  headingLevel?: 2 | 3;
  /**
   * The heading's content in place of the name, e.g. a link to the listing's page (`<Link to=…>{name}</Link>`):
   * a link there makes the whole card open it, while the actions keep their own clicks.
   */
  title?: ReactNode;
  /** Loads the photo at once with high priority (the page's main image) instead of lazily. */
  priority?: boolean;
  /** Loads the photo at once (a card in the first screen, which may be the largest paint), not lazily. */
  eager?: boolean;
  /** The photo in several widths (see photoSrcSet), so a phone downloads the small one. */
  srcSet?: string;
  /**
   * A list's card: on a phone (under 560 px) a compact row — photo, price, name, condition, place, the actions — so
   * three or more fit a screen; the phone's own page has the rest (its years of use, its seller). A card elsewhere.
   */
  compact?: boolean;
}

/** The card's width as laid out by the grids (one column on a phone, up to four on a desktop). */
const CARD_SIZES = '(min-width: 1200px) 300px, (min-width: 900px) 33vw, (min-width: 560px) 50vw, 100vw';
/** A compact row's photo is 7rem wide on a phone: the smallest width of the photo is enough. */
const ROW_SIZES = '(min-width: 1200px) 300px, (min-width: 900px) 33vw, (min-width: 560px) 50vw, 112px';

/** An uploaded photo's widths as an img srcset. */
export const photoSrcSet = (photo: { small: string; medium: string; large: string }) =>
  `${photo.small} 320w, ${photo.medium} 800w, ${photo.large} 1600w`;

/** A listing as buyers see it: the photo first, then the prices, then the phone's details and its seller. */
export function ProductCard({
  name,
  img,
  resalePrice,
  originalPrice,
  condition,
  usedYear,
  location,
  sellerName,
  sellerVerified,
  sellerPhoneVerified = false,
  sellerRating = null,
  sellerReviews = 0,
  seller,
  imeiChecked = false,
  tested,
  actions,
  badge,
  headingLevel = 3,
  title,
  priority = false,
  eager = priority,
  srcSet,
  compact = false,
}: ProductCardProps) {
  // Remember which source failed, so a new `img` gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = img !== '' && failedSrc !== img;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const language = useLanguage();

  return (
    <article className={cx(styles.card, compact && styles.compact)}>
      <div className={styles.media}>
        {showImage ? (
          <img
            className={styles.image}
            src={img}
            srcSet={srcSet}
            sizes={srcSet ? (compact ? ROW_SIZES : CARD_SIZES) : undefined}
            alt={name}
            width={640}
            height={480}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            onError={() => setFailedSrc(img)}
          />
        ) : (
          <div className={styles.placeholder} role="img" aria-label={name}>
            <PhoneIcon />
            <span translate="no">{name}</span>
          </div>
        )}
        {badge != null && <div className={styles.badge}>{badge}</div>}
      </div>

      <div className={styles.body}>
        {/* The name comes first for screen readers (heading navigation lands on it); CSS shows the prices first. */}
        {/* What people typed (the name, the place, the seller's name) is marked translate="no": a browser's translator
            leaves it as written, and the language sweep (e2e) tells it from the page's own words. */}
        <Heading className={styles.name} translate="no">
          {title ?? name}
        </Heading>
        <p className={styles.prices}>
          <Price amount={resalePrice} size="lg" />
          <span>
            <VisuallyHidden>{t('card.originalPrice')}</VisuallyHidden> <Price amount={originalPrice} size="sm" strike />
          </span>
        </p>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <VisuallyHidden as="dt">{t('card.condition')}</VisuallyHidden>
            <dd className={styles.condition}>{conditionText(condition)}</dd>
          </div>
          {imeiChecked && (
            <div className={styles.fact}>
              <VisuallyHidden as="dt">{t('card.imei')}</VisuallyHidden>
              <dd>
                <ImeiBadge />
              </dd>
            </div>
          )}
          {tested && (
            <div className={styles.fact}>
              <VisuallyHidden as="dt">{t('card.tested')}</VisuallyHidden>
              <dd>
                <TestedBadge tested={tested} />
              </dd>
            </div>
          )}
          <div className={cx(styles.fact, styles.usage)}>
            <VisuallyHidden as="dt">{t('card.usage')}</VisuallyHidden>
            <dd>
              {yearsUsedText(usedYear)} <span className={styles.since}>· {t('card.since', { year: yearText(usedYear, language) })}</span>
            </dd>
          </div>
          <div className={cx(styles.fact, styles.wide)}>
            <VisuallyHidden as="dt">{t('card.location')}</VisuallyHidden>
            <dd className={styles.iconText}>
              <PinIcon />
              <span translate="no">{location}</span>
            </dd>
          </div>
          <div className={cx(styles.fact, styles.wide, styles.sellerFact)}>
            <VisuallyHidden as="dt">{t('card.seller')}</VisuallyHidden>
            <dd className={cx(styles.iconText, styles.seller)}>
              <PersonIcon />
              <span translate="no">{seller ?? sellerName}</span>
              {sellerVerified && <VerifiedBadge />}
              {sellerPhoneVerified && <PhoneVerifiedMark />}
              <SellerRating rating={sellerRating} count={sellerReviews} />
            </dd>
          </div>
        </dl>
        {actions != null && <div className={styles.actions}>{actions}</div>}
      </div>
    </article>
  );
}

function PinIcon() {
  return (
    <svg className={styles.factIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M8 14.5s4.5-4.2 4.5-8A4.5 4.5 0 0 0 3.5 6.5c0 3.8 4.5 8 4.5 8z" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="8" cy="6.5" r="1.6" fill="currentColor" />
    </svg>
  );
}

function PersonIcon() {
  return (
    <svg className={styles.factIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="5" r="2.75" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M2.75 14c.6-2.9 2.7-4.5 5.25-4.5s4.65 1.6 5.25 4.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg className={styles.placeholderIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
