// The browser's configuration for identity (Firebase, the payment page's keys), read once; the API's address is
// shared-data's. Only the allow-listed PUBLIC_* variables exist here
// (tools/federation/public-env.ts); a missing one stops the app with a message naming it.
const raw = {
  firebaseApiKey: import.meta.env.PUBLIC_FIREBASE_API_KEY,
  firebaseAuthDomain: import.meta.env.PUBLIC_FIREBASE_AUTH_DOMAIN,
  firebaseProjectId: import.meta.env.PUBLIC_FIREBASE_PROJECT_ID,
  firebaseAppId: import.meta.env.PUBLIC_FIREBASE_APP_ID ?? '',
  firebaseEmulatorUrl: import.meta.env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL ?? '',
  stripePublishableKey: import.meta.env.PUBLIC_STRIPE_PUBLISHABLE_KEY ?? '',
  fakeStripeUrl: import.meta.env.PUBLIC_FAKE_STRIPE_URL ?? '',
  recaptchaSiteKey: import.meta.env.PUBLIC_RECAPTCHA_SITE_KEY ?? '',
};

const required = ['firebaseApiKey', 'firebaseAuthDomain', 'firebaseProjectId'] as const;
const missing = required.filter((key) => !raw[key]);
if (missing.length) throw new Error(`PhoneHaat is misconfigured: missing ${missing.join(', ')} (see README, Configuration)`);

export const env = raw as { [K in keyof typeof raw]: string };
