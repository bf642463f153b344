import { useState } from 'react';
import { data as withStatus, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { paths, useRole } from '@phonehaat/shared-auth';
import { ApiRequestError, ensureApi, invalidateReads, prefetchApi, useApiQuery } from '@phonehaat/shared-data';
import { buttonClass, Container, DocumentTitle, EmptyState, Grid } from '@phonehaat/shared-ui';
import { PriceGuide } from '../features/product/components/price-guide';
import { DeviceReport } from '../features/device-check';
import { guideAddress } from '../features/price-guide/address';
import { ProductDetails } from '../features/product/components/product-details';
import { OfferForm } from '../features/product/components/offer-form';
import { ShareTags } from '../features/product/components/share-tags';
import { BookingDialog } from '../features/products/components/booking-dialog';
import { bookableAt, type Bookable } from '../features/products/components/book-now';
import { ListingCard } from '../features/products/components/listing-card';
import { ReportDialog } from '../features/report/components/report-dialog';
import styles from './product-page.module.css';
import { useT } from '../features/product/i18n';

/** The phone's id, whose reads the loader put in the cache; or why there is no phone to show. */
type ProductData = { id: string; gone?: undefined; missing?: undefined } | { id?: undefined; gone?: boolean; missing?: boolean };

/** Runs before the page shows (the shell's route calls it): the phone, similar ones and its price guide, together, into the cache. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const input = { params: { id } };
  try {
    // The guide is extra: the phone's page shows without it if it cannot be had (a failed read stays failed).
    await Promise.all([ensureApi('getProduct', input), ensureApi('getSimilarProducts', input), prefetchApi('getProductPriceGuide', input)]);
    return { id };
  } catch (error) {
    // An unknown or malformed id is "not here", not "offline"; a deleted or removed phone is gone (410, issue 48).
    if (error instanceof ApiRequestError && error.status === 410) return withStatus<ProductData>({ gone: true }, { status: 410 });
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return { missing: true };
    throw error;
  }
}

/** `/product/:id`: one phone, whole, with Book Now and up to four similar phones. */
export default function ProductPage() {
  const data = useLoaderData() as ProductData;
  const [booking, setBooking] = useState<Bookable>();
  const [reporting, setReporting] = useState(false);
  const { can } = useRole();
  const t = useT();
  const input = { params: { id: data.id ?? '' } };
  const reads = { enabled: data.id !== undefined };
  const product = useApiQuery('getProduct', input, reads).data;
  const similar = useApiQuery('getSimilarProducts', input, reads).data ?? [];
  const guide = useApiQuery('getProductPriceGuide', input, reads).data ?? null;

  if (!product) {
    return (
      <Container>
        <DocumentTitle title={t('product.notFoundTitle')} />
        <EmptyState
          headingLevel={2}
          title={t(data.gone ? 'product.gone' : 'product.notFound')}
          message={t(data.gone ? 'product.goneText' : 'product.notFoundText')}
          action={
            <Link className={buttonClass('primary', 'md')} to={paths.search()}>
              {t('product.searchPhones')}
            </Link>
          }
        />
      </Container>
    );
  }

  return (
    <Container>
      <DocumentTitle title={product.name} />
      <ShareTags product={product} />
      <nav aria-label={t('product.breadcrumb')} className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to={paths.home}>{t('product.home')}</Link>
          </li>
          <li>
            <Link to={paths.category(product.brandId)}>{product.brandName}</Link>
          </li>
          <li aria-current="page" translate="no">
            {product.name}
          </li>
        </ol>
      </nav>
      {/* Book Now books at the price the server says is this reader's (issue 65): an agreed one while the phone is kept for them. */}
      <ProductDetails product={product} onBook={(phone) => setBooking(bookableAt(phone, phone.keptFor))} onReport={() => setReporting(true)} />
      {product.openToOffers && product.status === 'available' && !product.ownListing && can('create:offer') && (
        // An acceptance the page has not heard of yet: read the phone again (its keptFor then says so).
        <OfferForm product={product} guide={guide} onAccepted={() => !product.keptFor?.you && invalidateReads('getProduct', input)} />
      )}
      {/* Checked on the phone itself (issue 68): what its own browser's check found, signed by PhoneHaat. */}
      {product.deviceReport && <DeviceReport report={product.deviceReport} />}
      {guide && <PriceGuide guide={guide} price={product.resalePrice} />}
      <p className={styles.guideLink}>
        <Link to={guideAddress({ brandId: product.brandId, name: guide?.model ?? product.name, condition: product.condition, usedYear: product.usedYear })}>
          {t('product.guideOthers')}
        </Link>
      </p>

      <section className={styles.section} aria-labelledby="about-heading">
        <h2 id="about-heading" className={styles.heading}>
          {t('product.about')}
        </h2>
        <p className={styles.description} translate={product.description ? 'no' : undefined}>
          {product.description || t('product.noDescription')}
        </p>
      </section>

      <section className={styles.section} aria-labelledby="similar-heading">
        <h2 id="similar-heading" className={styles.heading}>
          {t('product.similar')}
        </h2>
        {similar.length === 0 ? (
          <p className={styles.none}>
            {t('product.noSimilar', { brand: product.brandName })} <Link to={paths.search()}>{t('product.searchAll')}</Link>
          </p>
        ) : (
          <Grid as="ul" data-testid="similar-grid">
            {similar.map((phone) => (
              <li key={phone._id}>
                <ListingCard product={phone} headingLevel={3} onBook={setBooking} />
              </li>
            ))}
          </Grid>
        )}
      </section>
      <BookingDialog product={booking} onClose={() => setBooking(undefined)} />
      {reporting && <ReportDialog product={product} onClose={() => setReporting(false)} />}
    </Container>
  );
}
