import { useState } from 'react';
import type { Booking } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, ConfirmDialog, formatDate, formatPhoneNumber, formatTakaExact, NeirSteps, notify } from '@phonehaat/shared-ui';
import { DisputeForm } from './dispute-form';
import { RefundWalletForm } from './refund-wallet-form';
import { HandoverCheckDialog, HandoverVerdict, KydForm } from '../../handover';
import { confirmReceived } from '../api/confirm-received';
import { useT } from '../../../i18n';
import styles from './held-money.module.css';

const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

/** A dispute's state in words: waiting for PhoneHaat, or its decision and the reason both sides read. */
function DisputeState({ dispute, amount }: { dispute: NonNullable<NonNullable<Booking['held']>['dispute']>; amount: number }) {
  const t = useT();
  // Cash paid at the door comes back to the wallet the buyer named, else by bKash to the parcel's number.
  const { refundTo } = dispute;
  if (dispute.status === 'refunded')
    return (
      <p className={styles.dispute}>
        {refundTo
          ? t('dispute.refundedCash', { amount: formatTakaExact(amount), wallet: t(`refundTo.wallet.${refundTo.method}`), number: formatPhoneNumber(refundTo.number), reason: dispute.decisionReason ?? '' })
          : t('dispute.refunded', { amount: formatTakaExact(amount), reason: dispute.decisionReason ?? '' })}
      </p>
    );
  if (dispute.status === 'released') return <p className={styles.dispute}>{t('dispute.releasedToSeller', { reason: dispute.decisionReason ?? '' })}</p>;
  return <p className={styles.dispute}>{t('dispute.open', { reason: t(`dispute.reason.${dispute.reason}`) })}</p>;
}

/**
 * A paid booking's money, held until the handover: the code to tell the seller once the phone is checked, and
 * "I received the phone", or "Report a problem" (a dispute); then where the money went.
 */
export function HeldMoney({ booking }: { booking: Booking }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const [checking, setChecking] = useState(false);
  const confirming = useAction(confirmReceived, { invalidates: ['listMyBookings'] });
  const { held } = booking;
  if (!held) return null;
  if (held.dispute && held.dispute.status !== 'open' && held.dispute.status !== 'refunding') return <DisputeState dispute={held.dispute} amount={booking.resalePrice} />;
  if (held.releasedAt) return <p className={styles.released}>{t('held.released', { date: day(held.releasedAt) })}</p>;
  // Refunded without a dispute (a parcel that came back): the order's state says so.
  if (held.refundedAt && !held.dispute) return null;
  if (held.dispute) {
    return (
      <div className={styles.held}>
        <DisputeState dispute={held.dispute} amount={booking.resalePrice} />
        {held.dispute.status === 'open' && held.dispute.refundTo && <RefundWalletForm bookingId={booking._id} refundTo={held.dispute.refundTo} />}
      </div>
    );
  }

  const confirm = async () => {
    try {
      await confirming.run(booking._id);
      notify.success(t('held.confirmed'));
      setAsking(false);
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('held.failed'));
    }
  };

  return (
    <div className={styles.held}>
      <p className={styles.note}>{t(booking.delivery ? 'held.noteCourier' : 'held.note', { date: day(held.releaseAt) })}</p>
      {/* A parcel has no meeting to tell a code at: the buyer confirms. */}
      {!booking.delivery && (
        <p className={styles.code}>
          {t('held.code')} <strong data-testid="handover-code">{held.handoverCode}</strong>
        </p>
      )}
      {/* Before the code is given or receipt confirmed: the phone in hand is the one tested (issue 68), and NEIR's check. */}
      {booking.handoverCheck && <HandoverVerdict check={booking.handoverCheck} />}
      <NeirSteps role="buyer" />
      <KydForm booking={booking} />
      <div className={styles.actions}>
        {booking.phoneTested && (
          <Button size="sm" variant="secondary" onClick={() => setChecking(true)} aria-label={t('held.checkLabel', { name: booking.name })}>
            {t('held.check')}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => setAsking(true)} aria-label={t('held.receivedLabel', { name: booking.name })}>
          {t('held.received')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDisputing(true)} aria-label={t('dispute.openLabel', { name: booking.name })}>
          {t('dispute.open.button')}
        </Button>
      </div>
      {checking && <HandoverCheckDialog booking={booking} onClose={() => setChecking(false)} />}
      {disputing && (
        <DisputeForm
          booking={booking}
          reason={booking.handoverCheck?.comparison.match === false ? 'not-tested-phone' : undefined}
          onClose={() => setDisputing(false)}
          onOpened={() => setDisputing(false)}
        />
      )}
      <ConfirmDialog
        open={asking}
        title={t('held.confirmTitle')}
        message={t('held.confirmMessage', { name: booking.name })}
        confirmLabel={t('held.received')}
        busy={confirming.busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
