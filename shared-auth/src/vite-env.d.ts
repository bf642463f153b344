/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly PUBLIC_API_URL: string;
  readonly PUBLIC_FIREBASE_API_KEY: string;
  readonly PUBLIC_FIREBASE_AUTH_DOMAIN: string;
  readonly PUBLIC_FIREBASE_PROJECT_ID: string;
  readonly PUBLIC_FIREBASE_APP_ID?: string;
  readonly PUBLIC_FIREBASE_AUTH_EMULATOR_URL?: string;
  readonly PUBLIC_STRIPE_PUBLISHABLE_KEY?: string;
  readonly PUBLIC_FAKE_STRIPE_URL?: string;
  readonly PUBLIC_RECAPTCHA_SITE_KEY?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
