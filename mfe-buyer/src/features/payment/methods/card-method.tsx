import { Elements } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { ErrorState } from '@phonehaat/shared-ui';
import { CheckoutForm } from '../components/checkout-form';
import { getStripe } from '../stripe';
import { useT } from '../../../i18n';
import type { MethodProps } from './method-props';

/** Paying by card: Stripe's card field, loaded when the buyer chooses the card. */
export function CardMethod({ booking, onPaid }: MethodProps) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
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

  if (stripeError) return <ErrorState title={t('payment.formFailed')} message={stripeError} onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <Elements stripe={stripe}>
      <CheckoutForm booking={booking} onPaid={onPaid} />
    </Elements>
  );
}
