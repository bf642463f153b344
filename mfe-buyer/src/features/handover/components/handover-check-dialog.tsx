import { useEffect, useState } from 'react';
import type { Booking, CheckLink } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { ApiRequestError, invalidateReads, useAction, useApiQuery } from '@phonehaat/shared-data';
import { ErrorState, Modal, QrLink, Skeleton } from '@phonehaat/shared-ui';
import { startHandoverCheck } from '../api/handover';
import { HandoverVerdict } from './handover-verdict';
import { useT } from '../../../i18n';
import styles from './handover.module.css';

/** While the check runs on the other phone, its answer is asked for this often. */
const WATCH_MS = 3000;

/**
 * "Check it is the tested phone" (issue 68): a link and QR code to open on the phone in the buyer's hand (not their
 * own): a minute's check, its facts compared with the report made when it was listed. The dialog follows the answer.
 */
export function HandoverCheckDialog({ booking, onClose }: { booking: Booking; onClose(): void }) {
  const t = useT();
  const making = useAction(startHandoverCheck);
  const [link, setLink] = useState<CheckLink>();
  const [problem, setProblem] = useState<string>();
  const { run } = making;
  // The check there was when the dialog opened (the booking itself is read again as the list learns of the new one).
  const [before] = useState(booking.handoverCheck?.checkedAt);
  useEffect(() => {
    let current = true;
    run(booking._id).then(
      (made) => current && setLink(made),
      (error: unknown) => current && setProblem(error instanceof ApiRequestError ? error.message : t('handover.failed')),
    );
    return () => {
      current = false;
    };
  }, [booking._id, run, t]);
  // 404 until the phone in hand has sent its check; asked again while the link is open.
  const answer = useApiQuery('getHandoverCheck', { params: { id: booking._id } }, { enabled: Boolean(link), refetchInterval: WATCH_MS });
  const arrived = answer.data && answer.data.checkedAt !== before ? answer.data : undefined;
  useEffect(() => {
    if (arrived) invalidateReads('listMyBookings');
  }, [arrived]);
  return (
    <Modal open onClose={onClose} title={t('handover.title', { name: booking.name })}>
      {problem ? (
        <ErrorState message={problem} />
      ) : arrived ? (
        <HandoverVerdict check={arrived} />
      ) : link ? (
        <div className={styles.body}>
          <p>{t('handover.hint')}</p>
          <QrLink url={`${window.location.origin}${paths.deviceCheck(link.token)}`} expiresAt={link.expiresAt} label={t('handover.qr', { name: booking.name })} />
          <p className={styles.waiting} aria-live="polite">
            {t('handover.waiting')}
          </p>
        </div>
      ) : (
        <Skeleton height={320} aria-label={t('handover.making')} />
      )}
    </Modal>
  );
}
