import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { ApiRequestError, ensureApi, useApiQuery } from '@phonehaat/shared-data';
import { buttonClass, Container, DocumentTitle, EmptyState, formatDate, formatNumber, Grid, Pagination, ReviewList, ReviewReply, SellerRating, PhoneVerifiedMark, useLanguage, VerifiedBadge } from '@phonehaat/shared-ui';
import { PHONES_PAGE_SIZE, REVIEWS_PAGE_SIZE, sellerReads } from '../features/seller/api/get-seller';
import { ListingCard } from '../features/products/components/listing-card';
import { SellerTags } from '../features/seller/components/seller-tags';
import styles from './seller-page.module.css';
import { useT } from '../features/seller/i18n';

/** What the loader read into the cache, or nothing: no such seller. */
type SellerData = { reads: ReturnType<typeof sellerReads> } | { reads?: undefined };

/** Runs before the page shows (the shell's route, and its server for the first page): the seller, a page of reviews, their phones, into the cache. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<SellerData> {
  const id = params.id ?? '';
  const query = new URL(request.url).searchParams;
  const pageOf = (name: string) => Math.max(1, Number(query.get(name)) || 1);
  try {
    const reads = sellerReads(id, pageOf('reviews'), pageOf('phones'));
    await Promise.all([ensureApi('getSellerProfile', reads.seller), ensureApi('listSellerReviews', reads.reviews), ensureApi('listSellerPhones', reads.phones)]);
    return { reads };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return {};
    throw error;
  }
}

/** `/sellers/:id`: who a seller is (verified, member since, phones sold), their rating and reviews, and their phones on sale. */
export default function SellerPage() {
  const data = useLoaderData() as SellerData;
  const [searchParams, setSearchParams] = useSearchParams();
  /** One list's page changed in the address, the other's kept. */
  const turn = (list: 'reviews' | 'phones', page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set(list, String(page));
    setSearchParams(next, { preventScrollReset: true });
  };
  const language = useLanguage();
  const t = useT();
  const reads = data.reads ?? sellerReads('');
  const enabled = data.reads !== undefined;
  const seller = useApiQuery('getSellerProfile', reads.seller, { enabled }).data;
  const reviews = useApiQuery('listSellerReviews', reads.reviews, { enabled }).data;
  const phones = useApiQuery('listSellerPhones', reads.phones, { enabled }).data;

  if (!seller || !reviews || !phones) {
    return (
      <Container>
        <DocumentTitle title={t('seller.notFound')} />
        <EmptyState
          headingLevel={2}
          title={t('seller.notFound')}
          message={t('seller.notFoundText')}
          action={
            <Link className={buttonClass('primary', 'md')} to={paths.home}>
              {t('seller.home')}
            </Link>
          }
        />
      </Container>
    );
  }

  const reviewPages = Math.max(1, Math.ceil(reviews.total / REVIEWS_PAGE_SIZE));
  return (
    <Container>
      <DocumentTitle title={seller.name} />
      <SellerTags seller={seller} />
      <header className={styles.header}>
        <h1 className={styles.name}>
          <span translate="no">{seller.name}</span> {seller.verified && <VerifiedBadge />}
          {seller.phoneVerified && <PhoneVerifiedMark />}
        </h1>
        <p className={styles.facts}>
          <span>{t('seller.memberSince', { date: formatDate(seller.memberSince, { month: 'long', year: 'numeric' }, language) })}</span>
          <span>{t('seller.sold', { count: seller.phonesSold })}</span>
          {seller.rating !== null ? <SellerRating rating={seller.rating} count={seller.reviewCount} className={styles.rating} /> : <span>{t('seller.noRating')}</span>}
        </p>
      </header>

      <section aria-labelledby="reviews-heading" className={styles.section}>
        <h2 id="reviews-heading">{t('seller.reviews', { count: reviews.total })}</h2>
        {reviews.reviews.length === 0 ? (
          <p className={styles.empty}>{t('seller.noReviews')}</p>
        ) : (
          <>
            <ReviewList reviews={reviews.reviews} testId="review" after={(review) => review.reply && <ReviewReply sellerName={seller.name} reply={review.reply} />} />
            {reviewPages > 1 && (
              <Pagination
                page={reviews.page}
                pageCount={reviewPages}
                label={t('seller.reviewPages', { name: seller.name })}
                onPageChange={(next) => turn('reviews', next)}
              />
            )}
          </>
        )}
      </section>

      <section aria-labelledby="phones-heading" className={styles.section}>
        <h2 id="phones-heading">{t('seller.phones', { count: formatNumber(phones.total, language) })}</h2>
        {phones.products.length === 0 ? (
          <p className={styles.empty}>{t('seller.noPhones')}</p>
        ) : (
          <>
            <Grid as="ul" data-testid="product-grid">
              {phones.products.map((product) => (
                <li key={product._id}>
                  <ListingCard product={product} />
                </li>
              ))}
            </Grid>
            {phones.total > PHONES_PAGE_SIZE && (
              <Pagination page={phones.page} pageCount={Math.ceil(phones.total / PHONES_PAGE_SIZE)} label={t('seller.phonePages', { name: seller.name })} onPageChange={(next) => turn('phones', next)} />
            )}
          </>
        )}
      </section>
    </Container>
  );
}
