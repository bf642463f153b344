import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { QueryView, useApiQuery } from '@phonehaat/shared-data';
import { Skeleton } from '@phonehaat/shared-ui';
import styles from './category-cards.module.css';
import { useT } from '../../../i18n';

/** "Browse By Category": every brand, through the cache (the page's loader read them). */
export function CategoryCards() {
  const t = useT();
  const categories = useApiQuery('listBrands');
  return (
    <section className={styles.section} aria-labelledby="categories-title">
      <h2 id="categories-title" className={styles.heading}>
        {t('home.categories')}
      </h2>
      <QueryView
        query={categories}
        loading={
          <ul className={styles.list} aria-busy="true" aria-label={t('home.loadingCategories')}>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <Skeleton height="4.5rem" radius="var(--ph-radius-lg)" />
              </li>
            ))}
          </ul>
        }
        failed={{ message: t('home.categoriesFailed') }}
        isEmpty={(brands) => brands.length === 0}
        empty={{ title: t('home.noBrandsTitle'), message: t('home.noBrands') }}
      >
        {(brands) => (
          <ul className={styles.list}>
            {brands.map((brand) => (
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
      </QueryView>
    </section>
  );
}
