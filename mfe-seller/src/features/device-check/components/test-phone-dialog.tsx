import { useEffect, useState } from 'react';
import type { CheckLink, SellerListing } from '@phonehaat/shared-api';
import { paths, useSession } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction, useApiQuery } from '@phonehaat/shared-data';
import { ErrorState, formatDate, Modal, QrLink, Skeleton, TestedBadge } from '@phonehaat/shared-ui';
import { myProducts } from '../../products';
import { startCheck } from '../api/start-check';
import { useT } from '../../../i18n';
import styles from './test-phone-dialog.module.css';

/** While the dialog waits for the phone's report, My Product's listings are read again this often. */
const WATCH_MS = 3000;

/**
 * "Test this phone" (issue 68): a QR code and a short link to open on the phone being sold (no sign-in there), good for
 * 15 minutes, once. The dialog follows the listing and says when the phone has sent its report.
 */
export function TestPhoneDialog({ listing, onClose }: { listing: SellerListing; onClose(): void }) {
  const t = useT();
  const email = useSession((s) => s.user?.email ?? '');
  const making = useAction(startCheck);
  const [link, setLink] = useState<CheckLink>();
  const [problem, setProblem] = useState<string>();
  const { run } = making;
  useEffect(() => {
    let current = true;
    run(listing._id).then(
      (made) => current && setLink(made),
      (error: unknown) => current && setProblem(error instanceof ApiRequestError ? error.message : t('check.failed')),
    );
    return () => {
      current = false;
    };
  }, [listing._id, run, t]);
  // The listing as My Product reads it, read again while the dialog is open: its report arrives from the other phone.
  const listings = useApiQuery('listMyProducts', myProducts(email), { refetchInterval: link ? WATCH_MS : undefined });
  const now = listings.data?.find((item) => item._id === listing._id);
  const arrived = now?.tested && (!listing.tested || now.tested.at !== listing.tested.at) ? now.tested : undefined;
  return (
    <Modal open onClose={onClose} title={t('check.title', { name: listing.name })}>
      {problem ? (
        <ErrorState message={problem} />
      ) : arrived ? (
        <div className={styles.done} role="status">
          <p>{t('check.arrived', { date: formatDate(arrived.at, { day: 'numeric', month: 'long' }) })}</p>
          <TestedBadge tested={arrived} />
        </div>
      ) : link ? (
        <div className={styles.body}>
          <p>{t('check.hint')}</p>
          <QrLink url={`${window.location.origin}${paths.deviceCheck(link.token)}`} expiresAt={link.expiresAt} label={t('check.qr', { name: listing.name })} />
          <p className={styles.waiting} aria-live="polite">
            {t('check.waiting')}
          </p>
        </div>
      ) : (
        <Skeleton height={320} aria-label={t('check.making')} />
      )}
    </Modal>
  );
}
