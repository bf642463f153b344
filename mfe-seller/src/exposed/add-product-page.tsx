import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths, PhoneGate } from '@phonehaat/shared-auth';
import { prefetchApi, useApiQuery } from '@phonehaat/shared-data';
import { PageHeader } from '@phonehaat/shared-ui';
import { ProductForm } from '../features/products/components/product-form';
import { CourierPrompt } from '../features/delivery/components/courier-prompt';
import { useT } from '../i18n';

/**
 * Runs before the page shows (the shell's route, or a server composing it), into the cache: the brands, so the form
 * shows whole; whether the seller's number is verified, so the page arrives as the form or as the question for it
 * (issue 46); and where the courier collects their phones (none: they are asked for one once the phone is listed).
 */
export async function loader() {
  await Promise.all([prefetchApi('listBrandNames'), prefetchApi('getMyPhone'), prefetchApi('getPickupAddress'), prefetchApi('getMyFee')]);
  return null;
}

/** `/dashboard/addproduct`: list a phone for sale. */
export default function AddProductPage() {
  const t = useT();
  const navigate = useNavigate();
  const [listed, setListed] = useState(false);
  const pickup = useApiQuery('getPickupAddress');
  const toListings = () => navigate(paths.myProducts);
  // Listed by a seller with no pickup address (as far as the page knows): asked for one before going on (issue 65).
  const askCourier = pickup.data === null;
  return (
    <section>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} />
      {listed ? (
        <CourierPrompt onDone={toListings} />
      ) : (
        // Listing needs a verified number (issue 46): asked for here first, then the form.
        <PhoneGate purpose="list">
          <ProductForm onListed={askCourier ? () => setListed(true) : toListings} />
        </PhoneGate>
      )}
    </section>
  );
}
