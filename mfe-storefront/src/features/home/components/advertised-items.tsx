import type { ApiState } from '@phonehaat/shared-data';
import type { Product } from '@phonehaat/shared-api';
import { EmptyState, ErrorState, Grid, ProductCardSkeleton } from '@phonehaat/shared-ui';
import { ListingCard } from '../../products';
import { useAdvertised } from '../api/get-advertised';
import styles from './category-cards.module.css';
import { useT } from '../../../i18n';

export function AdvertisedItems({ settled }: { settled?: ApiState<Product[]> | undefined }) {
  const t = useT();
  const advertised = useAdvertised(settled);
  return (
    <section className={styles.section} aria-labelledby="advertised-title" aria-busy={advertised.status === 'loading'}>
      <h2 id="advertised-title" className={styles.heading}>
        {t('home.advertised')}
      </h2>
      {advertised.status === 'loading' && (
        <Grid as="ul">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <ProductCardSkeleton />
            </li>
          ))}
        </Grid>
      )}
      {advertised.status === 'error' && <ErrorState message={t('home.advertisedFailed')} onRetry={advertised.reload} />}
      {advertised.status === 'success' && advertised.data.length === 0 && (
        <EmptyState title={t('home.advertisedEmptyTitle')} message={t('home.advertisedEmpty')} />
      )}
      {advertised.status === 'success' && advertised.data.length > 0 && (
        <Grid as="ul" data-testid="advertised-grid">
          {advertised.data.map((product) => (
            <li key={product._id}>
              <ListingCard product={product} headingLevel={3} />
            </li>
          ))}
        </Grid>
      )}
    </section>
  );
}
