import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import type { Brand, PhoneStatus, Pickup } from '@phonehaat/shared-api';
import { paths, PhoneGate } from '@phonehaat/shared-auth';
import { settle, type ApiState } from '@phonehaat/shared-data';
import { PageHeader } from '@phonehaat/shared-ui';
import { getBrands } from '../features/products/api/get-brands';
import { getMyPhone } from '../features/products/api/get-my-phone';
import { ProductForm } from '../features/products/components/product-form';
import { getPickup } from '../features/delivery/api/pickup';
import { CourierPrompt } from '../features/delivery/components/courier-prompt';
import { useT } from '../i18n';

export interface AddProductData {
  brands: ApiState<Brand[]>;
  /** The seller's number: listing needs a verified one (issue 46). */
  phone: ApiState<PhoneStatus>;
  /** Where the courier collects their phones; none: they are asked for one once the phone is listed (issue 65). */
  pickup?: ApiState<Pickup | null>;
}

/**
 * Runs before the page shows (the shell's route, or a server composing it): the brands, so the form shows whole, and
 * whether the seller's number is verified, so the page arrives as the form or as the question for it.
 */
export async function loader(): Promise<AddProductData> {
  const [brands, phone, pickup] = await Promise.all([settle(getBrands()), settle(getMyPhone()), settle(getPickup())]);
  return { brands, phone, pickup };
}

/** `/dashboard/addproduct`: list a phone for sale. */
export default function AddProductPage() {
  // Undefined where no loader ran (a host that renders the page without one): the form then loads them itself.
  const data = useLoaderData() as AddProductData | undefined;
  const t = useT();
  const navigate = useNavigate();
  const [listed, setListed] = useState(false);
  const toListings = () => navigate(paths.myProducts);
  // Listed by a seller with no pickup address (as far as the page knows): asked for one before going on.
  const askCourier = data?.pickup?.status === 'success' && data.pickup.data === null;
  return (
    <section>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} />
      {listed ? (
        <CourierPrompt onDone={toListings} />
      ) : (
        // Listing needs a verified number (issue 46): asked for here first, then the form.
        <PhoneGate purpose="list" settled={data?.phone}>
          <ProductForm brands={data?.brands} onListed={askCourier ? () => setListed(true) : toListings} />
        </PhoneGate>
      )}
    </section>
  );
}
