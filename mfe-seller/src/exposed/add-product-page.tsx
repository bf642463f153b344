import { PageHeader } from '@phonehaat/shared-ui';
import { ProductForm } from '../features/products/components/product-form';

/** `/dashboard/addproduct`: list a phone for sale. */
export default function AddProductPage() {
  return (
    <section>
      <PageHeader title="Add a product" subtitle="Tell buyers about your phone. Honest details sell faster." />
      <ProductForm />
    </section>
  );
}
