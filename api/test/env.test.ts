import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../src/config/env.js';

/** A merchant's own key pair and Nagad's, as production has them (Nagad's private half unused here). */
const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const nagadKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('environment', () => {
  it('has working development defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(4100);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/api\/\.data\/pglite$/);
  });

  it('lists every bad variable at once, by name', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', STRIPE_SECRET_KEY: 'pk_test_1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'STRIPE_SECRET_KEY']) expect(problems).toContain(name);
  });

  it('refuses production while the Auth emulator is configured (its tokens are unsigned)', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-real-production-secret-of-enough-length',
      IMEI_SECRET: 'another-real-production-secret-of-enough-length',
      STRIPE_WEBHOOK_SECRET: 'whsec_real',
      SMTP_URL: 'smtps://user:pass@smtp.example.com',
      RUM_READ_TOKEN: 'the-deployers-own-reader-token',
      BKASH_BASE_URL: 'https://tokenized.pay.bka.sh/v1.2.0-beta',
      BKASH_USERNAME: 'merchant-user',
      BKASH_PASSWORD: 'merchant-password',
      BKASH_APP_KEY: 'merchant-app-key',
      BKASH_APP_SECRET: 'merchant-app-secret',
      SSLCOMMERZ_BASE_URL: 'https://securepay.sslcommerz.com',
      SSLCOMMERZ_STORE_ID: 'phonehaat-live',
      SSLCOMMERZ_STORE_PASSWORD: 'a-live-store-password',
      NAGAD_BASE_URL: 'https://api.mynagad.com',
      NAGAD_DISBURSE_BASE_URL: 'https://disbursement.nagad.example',
      NAGAD_DISBURSE_AGGREGATOR_ID: '683003123456789',
      NAGAD_MERCHANT_ID: '683002123456789',
      NAGAD_MERCHANT_PRIVATE_KEY: merchantKeys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      NAGAD_PUBLIC_KEY: nagadKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      PATHAO_BASE_URL: 'https://api-hermes.pathao.com',
      PATHAO_CLIENT_ID: 'merchant-client',
      PATHAO_CLIENT_SECRET: 'merchant-client-secret',
      PATHAO_USERNAME: 'merchant@example.com',
      PATHAO_PASSWORD: 'merchant-password',
      PATHAO_WEBHOOK_SECRET: 'a-webhook-secret-of-our-own',
      FIREBASE_API_KEY: 'AIzaSy-the-projects-own-web-api-key',
      PHONE_APP_VERIFICATION: 'recaptcha-enterprise',
      DEVICE_CHECK_KEYS: `2026-12:${Buffer.alloc(32, 7).toString('base64')}`,
    };
    expect(() => parseEnv(production)).not.toThrow();
    // The phone checks' reports (issue 68) are signed by a key of the deployer's own, never the development one.
    expect(() => parseEnv({ ...production, DEVICE_CHECK_KEYS: undefined })).toThrow(/DEVICE_CHECK_KEYS: must be set to keys of your own in production/);
    // Phone codes (issue 46) are asked with the project's own Web API key, not the demo one.
    expect(() => parseEnv({ ...production, FIREBASE_API_KEY: undefined })).toThrow(/FIREBASE_API_KEY/);
    // And never without Firebase's app verification: anyone could make it send codes to any number.
    expect(() => parseEnv({ ...production, PHONE_APP_VERIFICATION: undefined })).toThrow(/PHONE_APP_VERIFICATION: must be 'recaptcha-enterprise' in production/);
    expect(() => parseEnv({ ...production, PHONE_APP_VERIFICATION: 'captcha' })).toThrow(/PHONE_APP_VERIFICATION/);
    // The courier's too: the local Pathao's credentials and address are refused.
    expect(() => parseEnv({ ...production, PATHAO_WEBHOOK_SECRET: undefined, PATHAO_BASE_URL: 'http://127.0.0.1:4130' })).toThrow(/PATHAO_WEBHOOK_SECRET[\s\S]*PATHAO_BASE_URL/);
    // Production changes only bKash's address and credentials: the local ones are refused, unless bKash is turned off.
    expect(() => parseEnv({ ...production, BKASH_APP_SECRET: undefined, BKASH_BASE_URL: 'http://127.0.0.1:4120/v1.2.0-beta' })).toThrow(/BKASH_APP_SECRET[\s\S]*BKASH_BASE_URL/);
    expect(() => parseEnv({ ...production, BKASH_BASE_URL: undefined, BKASH_USERNAME: undefined, PAYMENT_METHODS: 'card' })).not.toThrow();
    // SSLCommerz's store: its own credentials and its https address, unless it is not offered.
    expect(() => parseEnv({ ...production, SSLCOMMERZ_STORE_PASSWORD: undefined, SSLCOMMERZ_BASE_URL: 'http://127.0.0.1:4150' })).toThrow(/SSLCOMMERZ_STORE_PASSWORD[\s\S]*SSLCOMMERZ_BASE_URL/);
    expect(() => parseEnv({ ...production, SSLCOMMERZ_STORE_ID: undefined, PAYMENT_METHODS: 'bkash,card' })).not.toThrow();
    // Nagad: the merchant's own id and key pair, Nagad's public key and https address; the development ones are refused.
    expect(() => parseEnv({ ...production, NAGAD_MERCHANT_PRIVATE_KEY: undefined, NAGAD_PUBLIC_KEY: undefined, NAGAD_BASE_URL: 'http://127.0.0.1:4160/remote-payment-gateway-1.0' })).toThrow(/NAGAD_MERCHANT_PRIVATE_KEY[\s\S]*NAGAD_PUBLIC_KEY[\s\S]*NAGAD_BASE_URL/);
    expect(() => parseEnv({ ...production, NAGAD_MERCHANT_ID: undefined, PAYMENT_METHODS: 'bkash,sslcommerz,card' })).not.toThrow();
    expect(() => parseEnv({ ...production, NAGAD_MERCHANT_ID: 'nagad-merchant' })).toThrow(/NAGAD_MERCHANT_ID: must be Nagad's merchant id/);
    // Its disbursement (a cash refund to a Nagad account): the aggregator's own id and Nagad's https address.
    expect(() => parseEnv({ ...production, NAGAD_DISBURSE_AGGREGATOR_ID: undefined, NAGAD_DISBURSE_BASE_URL: 'http://127.0.0.1:4160' })).toThrow(/NAGAD_DISBURSE_AGGREGATOR_ID[\s\S]*NAGAD_DISBURSE_BASE_URL/);
    expect(() => parseEnv({ ...production, NAGAD_PUBLIC_KEY: 'not-a-key' })).toThrow(/NAGAD_PUBLIC_KEY: must be an RSA public key/);
    expect(() => parseEnv({ ...production, PAYMENT_METHODS: 'card,upay' })).toThrow(/PAYMENT_METHODS/);
    expect(() => parseEnv({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('refuses production with the development secrets, or with nowhere to send e-mail', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*IMEI_SECRET[\s\S]*RUM_READ_TOKEN[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*SMTP_URL/);
    expect(() => parseEnv({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
  });

  it('takes a VAPID key pair whole or not at all, and lists the push services it may send to', () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(parseEnv(pair).PUSH_SERVICES).toContain('https://fcm.googleapis.com');
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/);
    expect(() => parseEnv({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY: must be a P-256 private key/);
    expect(parseEnv({ PUSH_SERVICES: 'http://127.0.0.1:4140, https://*.notify.windows.com' }).PUSH_SERVICES).toEqual(['http://127.0.0.1:4140', 'https://*.notify.windows.com']);
  });

  it('parses comma lists and lower-cases admin emails', () => {
    const env = parseEnv({ ADMIN_EMAILS: ' Boss@PhoneHaat.test , ,ops@phonehaat.test', CORS_ORIGINS: 'https://phonehaat.example' });
    expect(env.ADMIN_EMAILS).toEqual(['boss@phonehaat.test', 'ops@phonehaat.test']);
    expect(env.CORS_ORIGINS).toEqual(['https://phonehaat.example']);
  });
});
