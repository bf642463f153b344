import { useState, type FormEvent } from 'react';
import type { ListingBooking } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatDate, formatTakaExact, notify, TextField, NeirSteps } from '@phonehaat/shared-ui';
import { enterHandoverCode } from '../api/enter-handover-code';
import { useT } from '../../../i18n';
import { DeregisterStep } from './deregister-step';
import styles from './handover-form.module.css';

type Sale = NonNullable<ListingBooking['sale']>;
const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A sale's money for its seller: what they receive after PhoneHaat's fee, and while it is held, the buyer's code to
 * enter at the meeting (which releases it).
 */
export function HandoverForm({ booking, sale }: { booking: ListingBooking; sale: Sale }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  // Released: the sale, the listing and the seller's money change (read again wherever they are shown).
  const sending = useAction(enterHandoverCode, { invalidates: ['listListingBookings', 'listMyProducts', 'getMyEarnings'] });

  if (sale.releasedAt) {
    return <p className={styles.released}>{t('handover.released', { amount: formatTakaExact(sale.receives), date: day(sale.releasedAt) })}</p>;
  }
  if (sale.refundedAt) return <p className={styles.held}>{t('handover.refunded')}</p>;
  if (sale.disputed) return <p className={styles.held}>{t('handover.disputed')}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's schema, loaded when it is needed: zod stays out of the page's first code.
    const { HandoverCodeBody } = await import('@phonehaat/shared-api');
    const parsed = HandoverCodeBody.safeParse({ code });
    // Said in the page's language (the schema's message is the API's, in English).
    if (!parsed.success) return setProblem(t('handover.codeInvalid'));
    setProblem(undefined);
    try {
      await sending.run(booking._id, parsed.data);
      notify.success(t('handover.done', { amount: formatTakaExact(sale.receives) }));
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('handover.failed'));
    }
  };

  // A parcel has no meeting: the buyer confirms once it arrives (or the set days pass).
  if (booking.delivery) {
    return (
      <p className={styles.held}>
        {t('handover.heldCourier', { amount: formatTakaExact(sale.receives), fee: formatTakaExact(sale.fee) })}
        {sale.releaseAt && ` ${t('handover.releaseAt', { date: day(sale.releaseAt) })}`}
      </p>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label={t('handover.label', { name: booking.buyerName })}>
      <p className={styles.held}>
        {t('handover.held', { amount: formatTakaExact(sale.receives), fee: formatTakaExact(sale.fee) })}
        {sale.releaseAt && ` ${t('handover.releaseAt', { date: day(sale.releaseAt) })}`}
      </p>
      <TextField
        label={t('handover.code')}
        hint={t('handover.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        // Six digits, Latin or Bangla, and the space or dash a person may put in the middle.
        maxLength={9}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={problem}
      />
      <Button type="submit" size="sm" loading={sending.busy} disabled={sending.busy}>
        {t('handover.release')}
      </Button>
      {/* NEIR at the meeting too (issue 68): de-registered before the phone leaves. */}
      <NeirSteps role="seller" />
      <DeregisterStep booking={booking} />
    </form>
  );
}
