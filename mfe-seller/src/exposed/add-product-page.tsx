import { useLoaderData } from 'react-router-dom';
import type { Brand } from '@phonehaat/shared-api';
import { settle, type ApiState } from '@phonehaat/shared-auth';
import { PageHeader } from '@phonehaat/shared-ui';
import { getBrands } from '../features/products/api/get-brands';
import { ProductForm } from '../features/products/components/product-form';
import { useT } from '../i18n';

export interface AddProductData {
  brands: ApiState<Brand[]>;
}

/** Runs before the page shows (the shell's route, or a server composing it): the brands, so the form shows whole. */
export async function loader(): Promise<AddProductData> {
  return { brands: await settle(getBrands()) };
}

/** `/dashboard/addproduct`: list a phone for sale. */
export default function AddProductPage() {
  // Undefined where no loader ran (a host that renders the page without one): the form then loads them itself.
  const data = useLoaderData() as AddProductData | undefined;
  const t = useT();
  return (
    <section>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} />
      <ProductForm brands={data?.brands} />
    </section>
  );
}
