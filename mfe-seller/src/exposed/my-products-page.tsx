import { Link } from 'react-router-dom';
import { paths, useSession } from '@phonehaat/shared-auth';
import { EmptyState, ErrorState, PageHeader, Skeleton, buttonClass } from '@phonehaat/shared-ui';
import { useMyProducts } from '../features/products/api/get-my-products';
import { MyProductList } from '../features/products/components/my-product-list';
import styles from './my-products-page.module.css';

/** `/dashboard/myproduct`: the seller's phones, with Delete and Advertise. */
export default function MyProductsPage() {
  const email = useSession((s) => s.user?.email ?? '');
  const products = useMyProducts(email);
  const addLink = (
    <Link className={buttonClass('primary')} to={paths.addProduct}>
      Add a product
    </Link>
  );
  return (
    <section>
      <PageHeader title="My Product" subtitle="Your phones on PhoneHaat. Advertise one to show it on the home page." actions={addLink} />
      {products.status === 'loading' && (
        <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading your phones">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} radius="var(--ph-radius-lg)" />
          ))}
        </div>
      )}
      {products.status === 'error' && <ErrorState message={products.error.message} onRetry={products.reload} />}
      {products.status === 'success' && products.data.length === 0 && (
        <EmptyState title="You have no phones listed" message="Add your first phone; buyers across Bangladesh can book it." action={addLink} />
      )}
      {products.status === 'success' && products.data.length > 0 && <MyProductList products={products.data} onChange={products.setData} />}
    </section>
  );
}
