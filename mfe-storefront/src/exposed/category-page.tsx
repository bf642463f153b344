import { useState } from 'react';
import { useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { Product } from '@phonehaat/shared-api';
import { ensureApi, useApiQuery } from '@phonehaat/shared-data';
import { Container, EmptyState, Grid, PageHeader, Pagination } from '@phonehaat/shared-ui';
import { brandProducts } from '../features/products/api/get-brand-products';
import { BookingDialog } from '../features/products/components/booking-dialog';
import { FIRST_SCREEN, ListingCard } from '../features/products/components/listing-card';
import { useT } from '../i18n';

/** Runs before the page shows (the shell's route calls it): one page of the brand's phones, into the cache; it answers what the page reads. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  const input = brandProducts(params.id ?? '', page);
  await ensureApi('listBrandProducts', input);
  return input;
}

/** `/products/:id`: a brand's phones on sale, paginated, each with Book Now. */
export default function CategoryPage() {
  const shown = useApiQuery('listBrandProducts', useLoaderData() as ReturnType<typeof brandProducts>).data;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const [booking, setBooking] = useState<Product>();
  const t = useT();
  if (!shown) return null; // the loader read it: never the case
  const { brand, products, total, page, limit } = shown;
  const pageCount = Math.max(1, Math.ceil(total / limit));

  return (
    <Container>
      <PageHeader title={t('brand.title', { brand: brand.name })} subtitle={t('brand.forSale', { count: total })} />
      {products.length === 0 ? (
        <EmptyState title={t('brand.emptyTitle', { brand: brand.name })} message={t('brand.empty')} />
      ) : (
        <div aria-busy={navigation.state === 'loading'}>
          <Grid as="ul" data-testid="product-grid">
            {products.map((product, index) => (
              <li key={product._id}>
                {/* The first card is above the fold on every screen: its photo loads at once. */}
                <ListingCard product={product} headingLevel={2} onBook={setBooking} priority={index === 0} eager={index < FIRST_SCREEN} />
              </li>
            ))}
          </Grid>
          {pageCount > 1 && (
            <Pagination
              page={page}
              pageCount={pageCount}
              label={t('brand.pages', { brand: brand.name })}
              onPageChange={(next) => {
                setSearchParams({ page: String(next) });
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </div>
      )}
      <BookingDialog product={booking} onClose={() => setBooking(undefined)} />
    </Container>
  );
}
