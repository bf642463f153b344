// The pure entry loads Stripe.js only when loadStripe() is called (the default entry fetches it on import).
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { env } from '@phonehaat/shared-auth';
import { t } from '../../i18n';

/**
 * Stripe.js comes from Stripe's servers, so offline it cannot load. When the app is built for the fake
 * Stripe (PUBLIC_FAKE_STRIPE_URL), its browser script is put on window.Stripe first and loadStripe uses
 * it; the React code is the same in both modes. With real keys nothing of the fake is loaded.
 */
function loadFakeStripeJs(url: string): Promise<void> {
  if ((window as { Stripe?: unknown }).Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${url}/endive/stripe.js`;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(t('payment.formLoadFailed')));
    document.head.append(script);
  });
}

let stripe: Promise<Stripe | null> | undefined;
export function getStripe(): Promise<Stripe | null> {
  stripe ??= (env.fakeStripeUrl ? loadFakeStripeJs(env.fakeStripeUrl) : Promise.resolve()).then(() => loadStripe(env.stripePublishableKey));
  stripe.catch(() => (stripe = undefined));
  return stripe;
}
