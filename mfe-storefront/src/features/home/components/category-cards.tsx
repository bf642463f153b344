import type { ApiState } from '@phonehaat/shared-auth';
import type { Brand } from '@phonehaat/shared-api';
import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { EmptyState, ErrorState, Skeleton } from '@phonehaat/shared-ui';
import { useCategories } from '../api/get-categories';
import styles from './category-cards.module.css';

export function CategoryCards({ settled }: { settled?: ApiState<Brand[]> | undefined }) {
  const categories = useCategories(settled);
  return (
    <section className={styles.section} aria-labelledby="categories-title">
      <h2 id="categories-title" className={styles.heading}>
        Browse By Category
      </h2>
      {categories.status === 'loading' && (
        <ul className={styles.list} aria-busy="true" aria-label="Loading categories">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton height="4.5rem" radius="var(--ph-radius-lg)" />
            </li>
          ))}
        </ul>
      )}
      {categories.status === 'error' && <ErrorState message="We couldn't load the brands." onRetry={categories.reload} />}
      {categories.status === 'success' && categories.data.length === 0 && <EmptyState title="No brands yet" message="Brands appear here once they are added." />}
      {categories.status === 'success' && categories.data.length > 0 && (
        <ul className={styles.list}>
          {categories.data.map((brand) => (
            <li key={brand._id}>
              <Link className={styles.card} to={paths.products(brand._id)}>
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
