import { Link } from 'react-router-dom';
import { paths, useSession } from '@phonehaat/shared-auth';
import { QueryView, updateRead, useApiQuery } from '@phonehaat/shared-data';
import { PageHeader, Skeleton, buttonClass } from '@phonehaat/shared-ui';
import { myProducts } from '../features/products/api/get-my-products';
import { MyProductList } from '../features/products/components/my-product-list';
import { MyReviews } from '../features/reviews/components/my-reviews';
import { PayoutWalletSection } from '../features/earnings/components/payout-wallet-section';
import { PickupSection } from '../features/delivery/components/pickup-section';
import styles from './my-products-page.module.css';
import { useT } from '../i18n';

/** `/dashboard/myproduct`: the seller's phones, with Delete and Advertise, and what buyers said of them. */
export default function MyProductsPage() {
  const t = useT();
  const email = useSession((s) => s.user?.email ?? '');
  const products = useApiQuery('listMyProducts', myProducts(email));
  const addLink = (
    <Link className={buttonClass('primary')} to={paths.addProduct}>
      {t('mine.add')}
    </Link>
  );
  return (
    <section>
      <PageHeader title={t('mine.title')} subtitle={t('mine.subtitle')} actions={addLink} />
      <QueryView
        query={products}
        loading={
          <div className={styles.loading} role="status" aria-busy="true" aria-label={t('mine.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={96} radius="var(--ph-radius-lg)" />
            ))}
          </div>
        }
        isEmpty={(list) => list.length === 0}
        empty={{ title: t('mine.emptyTitle'), message: t('mine.empty'), action: addLink }}
      >
        {(list) => <MyProductList products={list} onChange={(update) => updateRead('listMyProducts', myProducts(email), update)} />}
      </QueryView>
      <PayoutWalletSection />
      <PickupSection />
      <MyReviews />
    </section>
  );
}
