import { useState } from 'react';
import type { SellerListing } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, ConfirmDialog, formatNumber, ItemList, ItemRow, notify, Price, TestedBadge } from '@phonehaat/shared-ui';
import { ListingBookingsDialog } from '../../bookings';
import { EditPhotosDialog } from '../../photos';
import { advertiseProduct } from '../api/advertise-product';
import { ChangePriceDialog } from './change-price-dialog';
import { OfferTermsDialog } from './offer-terms-dialog';
import { ImeiDialog } from './imei-dialog';
import { TestPhoneDialog } from '../../device-check';
import { deleteProduct } from '../api/delete-product';
import styles from './my-product-list.module.css';
import { useT } from '../../../i18n';

const failure = (error: unknown, fallback: string) => (error instanceof ApiRequestError ? error.message : fallback);

/** The seller's listings with their status and bookings, and the Delete, Advertise and Photos actions. */
export function MyProductList({ products, onChange }: { products: SellerListing[]; onChange(update: (current: SellerListing[]) => SellerListing[]): void }) {
  const t = useT();
  const [confirming, setConfirming] = useState<SellerListing>();
  const deletion = useAction(deleteProduct);
  const advertising = useAction(advertiseProduct);
  /** The row whose change is on its way. */
  const busy = deletion.pending?.[0] ?? advertising.pending?.[0];
  const [editingPhotos, setEditingPhotos] = useState<SellerListing>();
  const [viewingBookings, setViewingBookings] = useState<SellerListing>();
  const [pricing, setPricing] = useState<SellerListing>();
  const [bargaining, setBargaining] = useState<SellerListing>();
  const [givingImei, setGivingImei] = useState<SellerListing>();
  const [testing, setTesting] = useState<SellerListing>();

  const remove = async (product: SellerListing) => {
    try {
      await deletion.run(product._id);
      onChange((current) => current.filter((item) => item._id !== product._id));
      notify.success(t('mine.deleted'));
    } catch (error) {
      notify.error(failure(error, t('mine.deleteFailed')));
    } finally {
      setConfirming(undefined);
    }
  };

  const advertise = async (product: SellerListing) => {
    try {
      await advertising.run(product._id);
      onChange((current) => current.map((item) => (item._id === product._id ? { ...item, advertised: true } : item)));
      notify.success(t('mine.advertisedDone'));
    } catch (error) {
      notify.error(failure(error, t('mine.advertiseFailed')));
    }
  };

  return (
    <>
      <ItemList label={t('mine.list')}>
        {products.map((product) => {
          const sold = product.status === 'sold';
          const removed = product.removedReason !== null;
          const actions = (
            <>
              {product.bookings > 0 && (
                <Button size="sm" variant="secondary" onClick={() => setViewingBookings(product)} aria-label={t('mine.bookingsOf', { count: formatNumber(product.bookings), name: product.name })}>
                  {t('mine.bookings', { count: formatNumber(product.bookings) })}
                </Button>
              )}
              {!sold && !removed && !product.advertised && (
                <Button size="sm" variant="secondary" loading={busy === product._id} disabled={Boolean(busy)} onClick={() => void advertise(product)} aria-label={t('mine.advertiseLabel', { name: product.name })}>
                  {t('mine.advertise')}
                </Button>
              )}
              {!sold && !removed && (
                <Button size="sm" variant="secondary" disabled={Boolean(busy)} onClick={() => setPricing(product)} aria-label={t('mine.priceOf', { name: product.name })}>
                  {t('mine.price')}
                </Button>
              )}
              {!sold && !removed && (
                <Button size="sm" variant="secondary" disabled={Boolean(busy)} onClick={() => setBargaining(product)} aria-label={t('mine.offersOf', { name: product.name })}>
                  {t('mine.offers')}
                </Button>
              )}
              {!sold && !removed && !product.imeiLast4 && (
                <Button size="sm" variant="secondary" disabled={Boolean(busy)} onClick={() => setGivingImei(product)} aria-label={t('mine.imeiOf', { name: product.name })}>
                  {t('mine.imei')}
                </Button>
              )}
              {!sold && !removed && (
                <Button size="sm" variant="secondary" disabled={Boolean(busy)} onClick={() => setTesting(product)} aria-label={t('mine.testOf', { name: product.name })}>
                  {t('mine.test')}
                </Button>
              )}
              {!sold && !removed && (
                <Button size="sm" variant="secondary" disabled={Boolean(busy)} onClick={() => setEditingPhotos(product)} aria-label={t('mine.photosOf', { name: product.name })}>
                  {t('mine.photos')}
                </Button>
              )}
              {!removed && (
                <Button size="sm" variant="danger" disabled={Boolean(busy)} onClick={() => setConfirming(product)} aria-label={t('mine.deleteLabel', { name: product.name })}>
                  {t('mine.delete')}
                </Button>
              )}
            </>
          );
          return (
            <ItemRow
              key={product._id}
              testId="my-product"
              img={product.img}
              title={product.name}
              actions={actions}
            >
              <Price amount={product.resalePrice} />
              <p className={styles.tags}>
                {removed ? (
                  <span className={`${styles.tag} ${styles.removed}`}>{t('mine.removed')}</span>
                ) : (
                  <span className={`${styles.tag} ${sold ? styles.sold : styles.available}`}>{sold ? t('mine.sold') : t('mine.available')}</span>
                )}
                {product.advertised && !sold && !removed && <span className={`${styles.tag} ${styles.advertised}`}>{t('mine.advertised')}</span>}
                {product.openToOffers && !sold && !removed && <span className={styles.tag}>{t('mine.openToOffers')}</span>}
                {product.imeiLast4 && <span className={styles.tag}>{t('mine.imeiLast4', { last4: product.imeiLast4 })}</span>}
                {product.tested && <TestedBadge tested={product.tested} />}
              </p>
              <p className={styles.bookings}>{t('mine.bookingCount', { count: product.bookings })}</p>
              {removed && <p className={styles.removedNote}>{t('mine.removedBy', { reason: product.removedReason ?? '' })}</p>}
            </ItemRow>
          );
        })}
      </ItemList>
      {testing && <TestPhoneDialog listing={testing} onClose={() => setTesting(undefined)} />}
      {bargaining && (
        <OfferTermsDialog
          product={bargaining}
          onClose={() => setBargaining(undefined)}
          onSaved={({ openToOffers, lowestOffer }) => onChange((current) => current.map((item) => (item._id === bargaining._id ? { ...item, openToOffers, lowestOffer } : item)))}
        />
      )}
      {pricing && (
        <ChangePriceDialog
          product={pricing}
          onClose={() => setPricing(undefined)}
          onSaved={(resalePrice) => onChange((current) => current.map((item) => (item._id === pricing._id ? { ...item, resalePrice } : item)))}
        />
      )}
      {givingImei && (
        <ImeiDialog
          product={givingImei}
          onClose={() => setGivingImei(undefined)}
          onSaved={(imeiLast4) => onChange((current) => current.map((item) => (item._id === givingImei._id ? { ...item, imeiLast4, imeiChecked: true } : item)))}
        />
      )}
      {viewingBookings && <ListingBookingsDialog listing={viewingBookings} onClose={() => setViewingBookings(undefined)} />}
      {editingPhotos && (
        <EditPhotosDialog
          product={editingPhotos}
          onClose={() => setEditingPhotos(undefined)}
          onSaved={({ img, photos }) => onChange((current) => current.map((item) => (item._id === editingPhotos._id ? { ...item, img, photos } : item)))}
        />
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('mine.confirmTitle', { name: confirming?.name ?? t('mine.thisPhone') })}
        message={
          confirming?.status === 'sold'
            ? t('mine.confirmSold')
            : t('mine.confirmListed')
        }
        confirmLabel={t('mine.delete')}
        danger
        busy={busy !== undefined}
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={() => setConfirming(undefined)}
      />
    </>
  );
}
