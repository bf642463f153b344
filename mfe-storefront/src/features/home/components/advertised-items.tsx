import { QueryView, useApiQuery } from '@phonehaat/shared-data';
import { Grid, ProductCardSkeleton } from '@phonehaat/shared-ui';
import { ListingCard } from '../../products';
import { advertisedQuery } from '../api/advertised-query';
import styles from './category-cards.module.css';
import { useT } from '../../../i18n';

/** Phones their sellers advertise, still on sale, newest first, through the cache (the page's loader read them). */
export function AdvertisedItems() {
  const t = useT();
  const advertised = useApiQuery('listAdvertised', { query: advertisedQuery });
  return (
    <section className={styles.section} aria-labelledby="advertised-title" aria-busy={advertised.status === 'pending'}>
      <h2 id="advertised-title" className={styles.heading}>
        {t('home.advertised')}
      </h2>
      <QueryView
        query={advertised}
        loading={
          <Grid as="ul">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </Grid>
        }
        failed={{ message: t('home.advertisedFailed') }}
        isEmpty={(products) => products.length === 0}
        empty={{ title: t('home.advertisedEmptyTitle'), message: t('home.advertisedEmpty') }}
      >
        {(products) => (
          <Grid as="ul" data-testid="advertised-grid">
            {products.map((product) => (
              <li key={product._id}>
                <ListingCard product={product} headingLevel={3} />
              </li>
            ))}
          </Grid>
        )}
      </QueryView>
    </section>
  );
}
