import type { ApiState } from '@phonehaat/shared-data';
import type { Brand } from '@phonehaat/shared-api';
import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { EmptyState, ErrorState, Skeleton } from '@phonehaat/shared-ui';
import { useCategories } from '../api/get-categories';
import styles from './category-cards.module.css';
import { useT } from '../../../i18n';

export function CategoryCards({ settled }: { settled?: ApiState<Brand[]> | undefined }) {
  const t = useT();
  const categories = useCategories(settled);
  return (
    <section className={styles.section} aria-labelledby="categories-title">
      <h2 id="categories-title" className={styles.heading}>
        {t('home.categories')}
      </h2>
      {categories.status === 'loading' && (
        <ul className={styles.list} aria-busy="true" aria-label={t('home.loadingCategories')}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton height="4.5rem" radius="var(--ph-radius-lg)" />
            </li>
          ))}
        </ul>
      )}
      {categories.status === 'error' && <ErrorState message={t('home.categoriesFailed')} onRetry={categories.reload} />}
      {categories.status === 'success' && categories.data.length === 0 && <EmptyState title={t('home.noBrandsTitle')} message={t('home.noBrands')} />}
      {categories.status === 'success' && categories.data.length > 0 && (
        <ul className={styles.list}>
          {categories.data.map((brand) => (
            <li key={brand._id}>
              <Link className={styles.card} to={paths.category(brand._id)}>
                <span className={styles.initial} aria-hidden="true">
                  {brand.name.charAt(0)}
                </span>
                <span className={styles.name}>{brand.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
