import { useState } from 'react';
import type { SellerListing } from '@phonehaat/shared-api';
import { ApiRequestError } from '@phonehaat/shared-auth';
import { Button, ConfirmDialog, ItemList, ItemRow, Price, notify } from '@phonehaat/shared-ui';
import { ListingBookingsDialog } from '../../bookings/components/listing-bookings-dialog';
import { EditPhotosDialog } from '../../photos/components/edit-photos-dialog';
import { advertiseProduct } from '../api/advertise-product';
import { deleteProduct } from '../api/delete-product';
import styles from './my-product-list.module.css';

const failure = (error: unknown, fallback: string) => (error instanceof ApiRequestError ? error.message : fallback);

/** The seller's listings with their status and bookings, and the Delete, Advertise and Photos actions. */
export function MyProductList({ products, onChange }: { products: SellerListing[]; onChange(update: (current: SellerListing[]) => SellerListing[]): void }) {
  const [confirming, setConfirming] = useState<SellerListing>();
  const [busy, setBusy] = useState<string>();
  const [editingPhotos, setEditingPhotos] = useState<SellerListing>();
  const [viewingBookings, setViewingBookings] = useState<SellerListing>();

  const remove = async (product: SellerListing) => {
    setBusy(product._id);
    try {
      await deleteProduct(product._id);
      onChange((current) => current.filter((item) => item._id !== product._id));
      notify.success('Deleted Successfully');
    } catch (error) {
      notify.error(failure(error, 'The phone could not be deleted.'));
    } finally {
      setBusy(undefined);
      setConfirming(undefined);
    }
  };

  const advertise = async (product: SellerListing) => {
    setBusy(product._id);
    try {
      await advertiseProduct(product._id);
      onChange((current) => current.map((item) => (item._id === product._id ? { ...item, advertised: true } : item)));
      notify.success('Successfully Advertised');
    } catch (error) {
      notify.error(failure(error, 'The phone could not be advertised.'));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <ItemList label="Your phones">
        {products.map((product) => {
          const sold = product.status === 'sold';
          const removed = product.removedReason !== null;
          const actions = (
            <>
              {product.bookings > 0 && (
                <Button size="sm" variant="secondary" onClick={() => setViewingBookings(product)} aria-label={`Bookings (${product.bookings}) of ${product.name}`}>
                  Bookings ({product.bookings})
                </Button>
              )}
              {!sold && !removed && !product.advertised && (
                <Button size="sm" variant="secondary" loading={busy === product._id} disabled={Boolean(busy)} onClick={() => void advertise(product)} aria-label={`Advertise ${product.name}`}>
                  Advertise
                </Button>
              )}
              {!sold && !removed && (
                <Button size="sm" variant="secondary" disabled={Boolean(busy)} onClick={() => setEditingPhotos(product)} aria-label={`Photos of ${product.name}`}>
                  Photos
                </Button>
              )}
              {!removed && (
                <Button size="sm" variant="danger" disabled={Boolean(busy)} onClick={() => setConfirming(product)} aria-label={`Delete ${product.name}`}>
                  Delete
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
                  <span className={`${styles.tag} ${styles.removed}`}>Removed</span>
                ) : (
                  <span className={`${styles.tag} ${sold ? styles.sold : styles.available}`}>{sold ? 'Sold' : 'Available'}</span>
                )}
                {product.advertised && !sold && !removed && <span className={`${styles.tag} ${styles.advertised}`}>Advertised</span>}
              </p>
              <p className={styles.bookings}>{product.bookings === 0 ? 'No bookings yet' : `${product.bookings} ${product.bookings === 1 ? 'booking' : 'bookings'}`}</p>
              {removed && <p className={styles.removedNote}>Removed by PhoneHaat: {product.removedReason}</p>}
            </ItemRow>
          );
        })}
      </ItemList>
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
        title={`Delete ${confirming?.name ?? 'this phone'}?`}
        message={
          confirming?.status === 'sold'
            ? 'It leaves your list. Its buyer keeps the order in their history.'
            : 'It leaves your list and the storefront. Buyers who booked it will see it is no longer available.'
        }
        confirmLabel="Delete"
        danger
        busy={busy !== undefined}
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={() => setConfirming(undefined)}
      />
    </>
  );
}
