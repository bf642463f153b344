import { useLoaderData } from 'react-router-dom';
import type { Brand, PhoneStatus } from '@phonehaat/shared-api';
import { PhoneGate, settle, type ApiState } from '@phonehaat/shared-auth';
import { PageHeader } from '@phonehaat/shared-ui';
import { getBrands } from '../features/products/api/get-brands';
import { getMyPhone } from '../features/products/api/get-my-phone';
import { ProductForm } from '../features/products/components/product-form';
import { useT } from '../i18n';

export interface AddProductData {
  brands: ApiState<Brand[]>;
  /** The seller's number: listing needs a verified one (issue 46). */
  phone: ApiState<PhoneStatus>;
}

/**
 * Runs before the page shows (the shell's route, or a server composing it): the brands, so the form shows whole, and
 * whether the seller's number is verified, so the page arrives as the form or as the question for it.
 */
export async function loader(): Promise<AddProductData> {
  const [brands, phone] = await Promise.all([settle(getBrands()), settle(getMyPhone())]);
  return { brands, phone };
}

/** `/dashboard/addproduct`: list a phone for sale. */
export default function AddProductPage() {
  // Undefined where no loader ran (a host that renders the page without one): the form then loads them itself.
  const data = useLoaderData() as AddProductData | undefined;
  const t = useT();
  return (
    <section>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} />
      {/* Listing needs a verified number (issue 46): asked for here first, then the form. */}
      <PhoneGate purpose="list" settled={data?.phone}>
        <ProductForm brands={data?.brands} />
      </PhoneGate>
    </section>
  );
}
