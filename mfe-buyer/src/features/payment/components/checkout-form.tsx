import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import type { Booking } from '@phonehaat/shared-api';
import { useSession } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatTaka, notify } from '@phonehaat/shared-ui';
import { createPaymentIntent } from '../api/create-payment-intent';
import { recordPayment } from '../api/record-payment';
import styles from './checkout-form.module.css';
import { useT } from '../../../i18n';
import { takaDueOnline } from '@phonehaat/shared-api/due';

// Stripe's card field lives in an iframe and cannot read our CSS variables, so it gets plain values.
const cardStyle = {
  base: { fontSize: '16px', color: '#111827', fontFamily: 'system-ui, sans-serif', '::placeholder': { color: '#6b7280' } },
  invalid: { color: '#b91c1c' },
};

/**
 * The card form. Pay stays disabled until Stripe is ready, the client secret has arrived and no payment
 * is in progress; the server reuses one PaymentIntent per booking, so a double click or a reload cannot
 * charge twice.
 */
export function CheckoutForm({ booking, onPaid }: { booking: Booking; onPaid(transactionId: string): void }) {
  const t = useT();
  const stripe = useStripe();
  const elements = useElements();
  const user = useSession((s) => s.user);
  const [clientSecret, setClientSecret] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [cardError, setCardError] = useState<string>();
  // Charged, and its record refused or unanswered: the sale is recorded from Stripe's webhook, so Pay stays off.
  const [charged, setCharged] = useState(false);
  const { run: prepare } = useAction(createPaymentIntent);

  useEffect(() => {
    let current = true;
    prepare(booking._id).then(
      (intent) => current && setClientSecret(intent.clientSecret),
      (error: Error) => current && setProblem(error.message),
    );
    return () => {
      current = false;
    };
  }, [booking._id, prepare]);

  /** Stripe charges the card; then the API records the sale (the booking is read again wherever it shows). */
  const paying = useAction(
    async (card: StripeCardElement, secret: string) => {
      const { error, paymentIntent } = await stripe!.confirmCardPayment(secret, {
        payment_method: { card, billing_details: { name: user?.name, ...(user?.email ? { email: user.email } : {}) } },
      });
      if (error || !paymentIntent) return { declined: error?.message ?? t('checkout.cardFailed') };
      setCharged(true);
      return recordPayment(booking._id, paymentIntent.id);
    },
    { invalidates: ['getBooking', 'listMyBookings'] },
  );

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || paying.busy || charged) return;
    setCardError(undefined);
    setProblem(undefined);
    try {
      const outcome = await paying.run(card, clientSecret);
      if ('declined' in outcome) return setCardError(outcome.declined);
      notify.success(t('checkout.done'));
      onPaid(outcome.transactionId);
    } catch (failure) {
      // The card was charged; the server still records the sale from Stripe's webhook, so the button
      // stays disabled rather than inviting a second payment.
      setProblem(
        failure instanceof ApiRequestError && failure.status === 409
          ? failure.message
          : t('checkout.unconfirmed'),
      );
    }
  };

  const ready = Boolean(stripe && elements && clientSecret);
  return (
    <form className={styles.form} onSubmit={(event) => void pay(event)} aria-label={t('checkout.label')}>
      <label className={styles.label} htmlFor="card-element">
        {t('checkout.card')}
      </label>
      <div className={styles.card} id="card-element">
        <CardElement options={{ style: cardStyle, hidePostalCode: true }} onChange={(event) => setCardError(event.error?.message)} />
      </div>
      {cardError && (
        <p className={styles.error} role="alert">
          {cardError}
        </p>
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" className={styles.pay} disabled={!ready || paying.busy || charged} loading={paying.busy}>
        {t('checkout.pay', { amount: formatTaka(takaDueOnline(booking)) })}
      </Button>
      <p className={styles.note}>
        {ready ? t('checkout.ready') : t('checkout.preparing')}
      </p>
    </form>
  );
}
