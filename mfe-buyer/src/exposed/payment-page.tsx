import { Elements } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Booking } from '@phonehaat/shared-api';
import { ApiRequestError, paths } from '@phonehaat/shared-auth';
import { Card, EmptyState, ErrorState, PageHeader, Price, buttonClass } from '@phonehaat/shared-ui';
import { getBooking } from '../features/payment/api/get-booking';
import { CheckoutForm } from '../features/payment/components/checkout-form';
import { getStripe } from '../features/payment/stripe';
import styles from './payment-page.module.css';
import { useT } from '../i18n';

interface PaymentData {
  booking: Booking | null;
}

/** Runs before the page shows (the shell's route calls it). Someone else's or a missing booking is "not found". */
export async function loader({ params }: LoaderFunctionArgs): Promise<PaymentData> {
  try {
    return { booking: await getBooking(params.id ?? '') };
  } catch (error) {
    if (error instanceof ApiRequestError && [400, 403, 404].includes(error.status)) return { booking: null };
    throw error;
  }
}

function BackToOrders() {
  const t = useT();
  return (
    <Link className={buttonClass('secondary')} to={paths.myOrders}>
      {t('payment.back')}
    </Link>
  );
}
const backToOrders = <BackToOrders />;

/** `/dashboard/payment/:id`: pay for one booking by card. */
export default function PaymentPage() {
  const { booking } = useLoaderData() as PaymentData;
  const [transactionId, setTransactionId] = useState<string | null>(booking?.paid ? booking.transactionId : null);
  const [attempt, setAttempt] = useState(0);
  const t = useT();
  const [stripeError, setStripeError] = useState<string>();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new attempt loads Stripe.js again
  const stripe = useMemo(() => getStripe(), [attempt]);
  useEffect(() => {
    let current = true;
    setStripeError(undefined);
    stripe.catch((error: Error) => current && setStripeError(error.message));
    return () => {
      current = false;
    };
  }, [stripe]);

  if (!booking) return <EmptyState title={t('payment.notFoundTitle')} message={t('payment.notFound')} action={backToOrders} />;

  return (
    <section className={styles.page}>
      <PageHeader title={t('payment.title')} subtitle={t('payment.subtitle')} />
      <Card as="article" className={styles.summary}>
        <img className={styles.image} src={booking.img} alt="" width={120} height={90} />
        <div>
          <h2 className={styles.name}>{booking.name}</h2>
          <p className={styles.amount}>
            {t('payment.amount')} <Price amount={booking.resalePrice} size="lg" />
          </p>
          <p className={styles.meta}>{t('payment.meeting', { place: booking.meetingLocation })}</p>
        </div>
      </Card>
      {transactionId ? (
        <Card as="section" className={styles.done} aria-live="polite">
          <h2 className={styles.doneTitle}>{t('payment.done')}</h2>
          <p>
            {t('payment.transaction')} <code data-testid="transaction-id">{transactionId}</code>
          </p>
          {backToOrders}
        </Card>
      ) : !booking.available ? (
        <EmptyState title={t('payment.goneTitle')} message={t('payment.gone')} action={backToOrders} />
      ) : stripeError ? (
        <ErrorState title={t('payment.formFailed')} message={stripeError} onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <Card as="section" className={styles.checkout}>
          <Elements stripe={stripe}>
            <CheckoutForm booking={booking} onPaid={setTransactionId} />
          </Elements>
        </Card>
      )}
    </section>
  );
}
