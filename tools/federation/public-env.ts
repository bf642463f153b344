// The only variables that reach the browser: an explicit allow-list with local defaults.
// Everything else in process.env stays on the build machine.
export const publicEnvDefaults = {
  PUBLIC_API_URL: 'http://127.0.0.1:4100',
  PUBLIC_FIREBASE_API_KEY: 'demo-api-key',
  PUBLIC_FIREBASE_AUTH_DOMAIN: 'demo-phonehaat.firebaseapp.com',
  PUBLIC_FIREBASE_PROJECT_ID: 'demo-phonehaat',
  PUBLIC_FIREBASE_APP_ID: '',
  /** Set to use the Auth emulator (development and tests); empty for real Firebase. */
  PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
  PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_phonehaat_fake',
  /** Set to load the fake Stripe's browser script instead of Stripe.js (offline). */
  PUBLIC_FAKE_STRIPE_URL: 'http://127.0.0.1:4110',
  /**
   * The reCAPTCHA Enterprise site key Firebase's phone codes are verified with (issue 46; production, with the API's
   * PHONE_APP_VERIFICATION=recaptcha-enterprise); empty against the Auth emulator.
   */
  PUBLIC_RECAPTCHA_SITE_KEY: '',
} as const;

export type PublicEnv = Record<keyof typeof publicEnvDefaults, string>;

export function publicEnv(source: Record<string, string | undefined> = process.env): PublicEnv {
  return Object.fromEntries(
    Object.entries(publicEnvDefaults).map(([key, fallback]) => [key, source[key] ?? fallback]),
  ) as PublicEnv;
}

/** Vite `define` entries: `import.meta.env.PUBLIC_*` replaced at build time, nothing else exposed. */
export function publicEnvDefine(source?: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(publicEnv(source)).map(([key, value]) => [`import.meta.env.${key}`, JSON.stringify(value)]),
  );
}
