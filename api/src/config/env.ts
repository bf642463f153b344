import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { devSigningSeed, readSigningKeys } from '../modules/trust/index.ts';
import { PaymentMethodId } from '@phonehaat/shared-api';

const DEV_JWT_SECRET = 'phonehaat-development-secret-do-not-use-in-production';
const DEV_WEBHOOK_SECRET = 'whsec_phonehaat_development';
const DEV_IMEI_SECRET = 'phonehaat-development-imei-key-do-not-use-in-production';
/** The deployer's key to the release figures locally (tools/slice reads the same default). */
export const DEV_RUM_READ_TOKEN = 'phonehaat-development-rum-reader';
/** The local bKash's development credentials (tools/fake-bkash's DEV_CREDENTIALS); production sets its own. */
const DEV_PATHAO = {
  clientId: 'phonehaat-pathao-client',
  clientSecret: 'phonehaat-pathao-client-secret',
  username: 'merchant@phonehaat.test',
  password: 'phonehaat-pathao-password',
  webhookSecret: 'phonehaat-pathao-webhook-secret',
  integrationSecret: 'f3992ecc-59da-4cbe-a049-a13da2018d51',
};
/** The fake SSLCommerz's development store (tools/fake-sslcommerz's DEV_STORE). */
const DEV_SSLCOMMERZ = { storeId: 'phonehaat-sandbox', storePassword: 'phonehaat-sandbox@ssl' };
const DEV_BKASH = { username: 'phonehaat-sandbox', password: 'phonehaat-sandbox-password', appKey: 'phonehaat-sandbox-app-key', appSecret: 'phonehaat-sandbox-app-secret' };
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { DEV_NAGAD } from './nagad-dev-keys.ts';
/** An RSA key as Nagad exchanges them: base64 DER (PKCS#8 private, SPKI public) or PEM; refused at start when it does not parse. */
const rsaKey = (kind: 'private' | 'public') =>
  z.string().refine(
    (text) => {
      try {
        const pem = text.trim().startsWith('-----');
        const der = { key: Buffer.from(text.trim(), 'base64'), format: 'der' as const };
        const key = kind === 'private' ? createPrivateKey(pem ? text : { ...der, type: 'pkcs8' }) : createPublicKey(pem ? text : { ...der, type: 'spki' });
        return key.asymmetricKeyType === 'rsa';
      } catch {
        return false;
      }
    },
    { message: `must be an RSA ${kind} key (base64 ${kind === 'private' ? 'PKCS#8' : 'SPKI'}, or PEM)` },
  );
const apiRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A comma-separated list, e.g. `a@x.test, b@x.test`. */
const csv = (fallback = '') =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

const port = z.coerce.number().int().min(0).max(65535);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: port.default(4100),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where clients reach this API; used to build the URLs of the images it serves. */
    PUBLIC_URL: z.url().default('http://localhost:4100'),

    /** Unset: embedded PGlite in DATA_DIR. Set: a real PostgreSQL server. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
      .optional(),
    DATA_DIR: z.string().default(`${apiRoot}.data/pglite`),

    JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).default(DEV_JWT_SECRET),
    /** The key of the IMEIs' hashes (issue 28): an IMEI is kept only as HMAC-SHA256 with it, and its last 4 digits. */
    IMEI_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).default(DEV_IMEI_SECRET),
    /**
     * The keys a phone's check in its own browser is signed with (issue 68, decision 052): `kid:base64seed` pairs, the
     * signing one first (`openssl rand -base64 32` makes a seed); keep the older ones after it, so their reports verify.
     */
    DEVICE_CHECK_KEYS: z
      .string()
      .default(devSigningSeed())
      .refine((value) => {
        try {
          return readSigningKeys(value).length > 0;
        } catch {
          return false;
        }
      }, 'must be kid:base64seed pairs (each seed 32 bytes), comma-separated, the signing key first'),
    ADMIN_EMAILS: csv().transform((emails) => emails.map((email) => email.toLowerCase())),
    CORS_ORIGINS: csv(
      'http://localhost:4200,http://127.0.0.1:4200,http://localhost:4201,http://localhost:4202,http://localhost:4203,http://localhost:4204',
    ),
    BODY_LIMIT: z.coerce.number().int().positive().default(64 * 1024),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
    /** Sign-in codes a client address may ask for in 15 minutes (issue 46; checking them: twice as many). */
    PHONE_SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
    /** Search suggestions while typing: a person types a few a second at most. */
    SUGGEST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
    /** Public reads are cached in memory for at most this long (every write clears every instance's cache at once). */
    CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
    /** Redis for rate limits counted across instances; unset: counted in this process. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss://' })
      .optional(),
    /** Prefixes every Redis key, so several deployments (or tests) can share one Redis. */
    REDIS_PREFIX: z.string().default('phonehaat:'),
    /** On SIGTERM, how long in-flight requests may take before the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** On SIGTERM, how long to go on serving while reporting not-ready, before taking no new connection (a balancer's
     * health checks or Kubernetes' endpoints need this long to stop sending requests; 0 on one machine). */
    SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO); unset: in the database. */
    S3_BUCKET: z.string().min(1).optional(),
    /** The store's address, for anything but AWS itself (e.g. https://<account>.r2.cloudflarestorage.com). */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('auto'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** MinIO and most local stores want bucket/key paths rather than bucket subdomains. */
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
    /** Photo uploads a seller may make a minute. */
    UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
    /** Reports of listings a user may send an hour. */
    REPORT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
    /** Messages a person may send a minute, in all their conversations. */
    MESSAGE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
    /** Different people a sender's flagged messages may reach within a day before they are held for review (issue 70). */
    SCAM_HOLD_PEOPLE: z.coerce.number().int().min(2).default(3),
    /** A new seller's listing below this share of the price guide's lower quartile is marked for review (issue 70, decision 054). */
    PRICE_TOO_LOW_RATIO: z.coerce.number().gt(0).max(1).default(0.6),
    /** A seller whose account is younger than this many days, with no phone sold yet, is new (issue 70). */
    NEW_SELLER_DAYS: z.coerce.number().int().min(0).default(30),
    /** Real-user beacons (issue 29) one client may send a minute: a page view sends a few. */
    RUM_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
    /** How often each instance adds the beacons it counted to PostgreSQL. */
    RUM_FLUSH_MS: z.coerce.number().int().min(100).default(5000),
    /** The deployer's bearer token for the release figures it judges canaries on (GET /rum/releases). */
    RUM_READ_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).default(DEV_RUM_READ_TOKEN),
    /** The deployer (tools/slice), asked for its history to mark promotions on the admin's release chart; unset: unmarked. */
    DEPLOYER_URL: z.url().optional(),
    /** Serve /metrics on this port (on HOST) instead of the API's own. */
    METRICS_PORT: port.optional(),

    /** Where e-mails are sent (smtp:// or smtps://, with credentials); unset: they wait in the outbox. Required in production. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('PhoneHaat <no-reply@phonehaat.test>'),
    /** The web app's address, for the links in e-mails. */
    WEB_URL: z.url().default('http://localhost:4200'),
    /** A failed e-mail is tried again after this, then twice as long each time (exponential back-off). */
    EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
    EMAIL_RETRY_LIMIT: z.coerce.number().int().min(0).default(12),
    /** How long a worker may take to send one e-mail before another may take it over (its worker is presumed dead). */
    EMAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
    /** A pending e-mail with no job after this long is queued again by the sweep (its process died after the commit). */
    EMAIL_SWEEP_AFTER_SECONDS: z.coerce.number().int().min(0).default(60),
    /** When the saved-search digest goes out (cron, in Bangladesh's time). */
    DIGEST_CRON: z.string().min(9).default('0 8 * * *'),
    /** Run the job queue in this instance (e-mail with SMTP_URL, sellers' payouts, every periodic sweep); on by default, off under NODE_ENV=test. */
    JOB_QUEUE: z.enum(['on', 'off']).optional(),
    /** When sellers' payouts are planned (cron, Bangladesh's time); a release also plans its seller's at once. */
    PAYOUT_CRON: z.string().min(9).default('*/15 * * * *'),
    /** A failed payout is tried again after this, then twice as long each time, this many times. */
    PAYOUT_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
    PAYOUT_RETRY_LIMIT: z.coerce.number().int().min(0).default(10),
    /** How often the job queue looks for new jobs. */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),

    /** Web Push (issue 48): the VAPID key pair (RFC 8292, `web-push generate-vapid-keys`); unset, nobody can turn pushes on. */
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, { message: 'must be a P-256 public key in base64url (87 characters)' }).optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a P-256 private key in base64url (43 characters)' }).optional(),
    /** Who push services write to about this sender's pushes (a mailto: or https: address). */
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, { message: 'must be a mailto: or https: address' }).default('mailto:support@phonehaat.test'),
    /** The push services a subscription may name (origins; `*.` for any subdomain): the API sends to nowhere else. */
    PUSH_SERVICES: z
      .string()
      .default('https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com')
      .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
    /** How long a push service keeps a push for a device that is offline. */
    PUSH_TTL_SECONDS: z.coerce.number().int().min(0).default(24 * 60 * 60),

    FIREBASE_PROJECT_ID: z.string().default('demo-phonehaat'),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
    /** The Firebase project's Web API key, for the Identity Toolkit's phone-code calls (any value against the emulator). */
    FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
    /**
     * Firebase's app verification for phone codes (issue 46): 'recaptcha-enterprise' (reCAPTCHA Enterprise's SMS defense
     * on the project, the browser's PUBLIC_RECAPTCHA_SITE_KEY) makes every code request carry the browser's token; 'off'
     * only against the Auth emulator. Production refuses 'off', and checks Firebase enforces it on phone at start.
     */
    PHONE_APP_VERIFICATION: z.enum(['off', 'recaptcha-enterprise']).default('off'),

    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, { message: 'must be a Stripe secret key (sk_test_… or sk_live_…)' })
      .default('sk_test_phonehaat_fake'),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).default(DEV_WEBHOOK_SECRET),
    /** Point the Stripe SDK somewhere else (the fake Stripe); unset talks to Stripe itself. */
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: port.optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),

    /** The ways to pay a buyer is offered, in order: 'card' (Stripe) and the wallets in api/src/payments/methods.ts. */
    PAYMENT_METHODS: csv('bkash,nagad,sslcommerz,card').pipe(z.array(PaymentMethodId).min(1, { message: 'must name at least one way to pay' })),
    /** bKash's Tokenized Checkout API, up to its version (https://tokenized.pay.bka.sh/v1.2.0-beta); locally the fake bKash. */
    BKASH_BASE_URL: z.url().default('http://127.0.0.1:4120/v1.2.0-beta'),
    BKASH_USERNAME: z.string().min(1).default(DEV_BKASH.username),
    BKASH_PASSWORD: z.string().min(1).default(DEV_BKASH.password),
    BKASH_APP_KEY: z.string().min(1).default(DEV_BKASH.appKey),
    BKASH_APP_SECRET: z.string().min(1).default(DEV_BKASH.appSecret),
    /** How long one call to bKash may take; then the payment is asked about again (by the buyer's page or the sweep). */
    BKASH_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    /** SSLCommerz's merchant API (https://securepay.sslcommerz.com; its sandbox https://sandbox.sslcommerz.com); locally the fake SSLCommerz. */
    SSLCOMMERZ_BASE_URL: z.url().default('http://127.0.0.1:4150'),
    SSLCOMMERZ_STORE_ID: z.string().min(1).default(DEV_SSLCOMMERZ.storeId),
    SSLCOMMERZ_STORE_PASSWORD: z.string().min(1).default(DEV_SSLCOMMERZ.storePassword),
    /** Where SSLCommerz sends the buyer's browser back: this API as browsers reach it (default PUBLIC_URL). */
    SSLCOMMERZ_CALLBACK_URL: z.url().optional(),
    /** Where SSLCommerz posts its IPN, when its servers reach this API by another address (default: the callback's). */
    SSLCOMMERZ_IPN_URL: z.url().optional(),
    SSLCOMMERZ_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    /** Nagad's gateway up to /api/dfs (https://api.mynagad.com; its sandbox http://sandbox.mynagad.com:10080/remote-payment-gateway-1.0); locally the fake Nagad. */
    NAGAD_BASE_URL: z.url().default('http://127.0.0.1:4160/remote-payment-gateway-1.0'),
    NAGAD_MERCHANT_ID: z.string().regex(/^\d{10,20}$/, { message: "must be Nagad's merchant id (digits)" }).default(DEV_NAGAD.merchantId),
    NAGAD_MERCHANT_NUMBER: z.string().regex(/^01[3-9]\d{8}$/, { message: "must be the merchant's Nagad number, like 01712345678" }).default(DEV_NAGAD.merchantNumber),
    /** The merchant's RSA private key (base64 PKCS#8, or PEM) and Nagad's public key (base64 SPKI, or PEM), as Nagad exchanges them. */
    NAGAD_MERCHANT_PRIVATE_KEY: rsaKey('private').default(DEV_NAGAD.merchantPrivateKey),
    NAGAD_PUBLIC_KEY: rsaKey('public').default(DEV_NAGAD.nagadPublicKey),
    /** Where Nagad sends the buyer's browser back: this API as browsers reach it (default PUBLIC_URL). */
    NAGAD_CALLBACK_URL: z.url().optional(),
    NAGAD_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    /**
     * Nagad's disbursement service (its sandbox http://sandbox.mynagad.com:30001), which sends a cash sale's refund to a
     * buyer's Nagad account (issue 69), and the merchant aggregator's id there; it signs with NAGAD_MERCHANT_PRIVATE_KEY.
     */
    NAGAD_DISBURSE_BASE_URL: z.url().default('http://127.0.0.1:4160'),
    NAGAD_DISBURSE_AGGREGATOR_ID: z.string().regex(/^\d{10,20}$/, { message: "must be Nagad's merchant aggregator id (digits)" }).default(DEV_NAGAD.aggregatorId),
    /** How often the wallets are asked about payments left open (the buyer closed the tab, a call timed out); one instance asks. */
    WALLET_SWEEP_SECONDS: z.coerce.number().int().min(1).default(30),
    /** A wallet payment is left to its buyer's page this long before the sweep asks about it. */
    WALLET_SWEEP_AFTER_SECONDS: z.coerce.number().int().min(0).default(60),
    /** An open wallet payment is offered again to its buyer (two tabs, a reload) for this long, then a new one is made. */
    WALLET_REUSE_MINUTES: z.coerce.number().min(0.1).default(8),
    /** Held until the handover (issue 33): days after which a held sale is released to its seller by itself (fractions for tests). */
    HOLD_DAYS: z.coerce.number().positive().default(7),
    /** How often the held sales that are due are released (by one instance). */
    RELEASE_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
    /** PhoneHaat's fee, percent of a sale; a new seller's first NEW_SELLER_SALES sales pay NEW_SELLER_FEE_PERCENT. */
    FEE_PERCENT: z.coerce.number().min(0).max(50).default(5),
    NEW_SELLER_FEE_PERCENT: z.coerce.number().min(0).max(50).default(2),
    NEW_SELLER_SALES: z.coerce.number().int().min(0).default(3),
    /** After this, a wallet payment still not approved is given up as timed out. */
    WALLET_GIVE_UP_MINUTES: z.coerce.number().min(1).default(60),

    /** The courier parcels travel with (issue 45): its module in api/src/courier/. */
    COURIER: z.enum(['pathao']).default('pathao'),
    /** Pathao's merchant API (https://api-hermes.pathao.com); locally the fake Pathao. */
    PATHAO_BASE_URL: z.url().default('http://127.0.0.1:4130'),
    PATHAO_CLIENT_ID: z.string().min(1).default(DEV_PATHAO.clientId),
    PATHAO_CLIENT_SECRET: z.string().min(1).default(DEV_PATHAO.clientSecret),
    PATHAO_USERNAME: z.string().min(1).default(DEV_PATHAO.username),
    PATHAO_PASSWORD: z.string().min(1).default(DEV_PATHAO.password),
    /** The secret given to Pathao for its webhooks' X-PATHAO-Signature, and the integration secret Pathao's panel shows. */
    PATHAO_WEBHOOK_SECRET: z.string().min(16).default(DEV_PATHAO.webhookSecret),
    PATHAO_INTEGRATION_SECRET: z.string().min(1).default(DEV_PATHAO.integrationSecret),
    COURIER_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    /** A courier's webhook about a step older than this is refused as a replay. */
    COURIER_WEBHOOK_MAX_AGE_HOURS: z.coerce.number().positive().default(72),
    /** Parcels not heard of for this long are asked about (webhooks get lost); one instance asks, every COURIER_POLL_SECONDS. */
    COURIER_POLL_AFTER_SECONDS: z.coerce.number().int().min(0).default(600),
    COURIER_POLL_SECONDS: z.coerce.number().int().min(1).default(60),
    /** The most a parcel may collect in cash on delivery, in taka; above it the buyer pays online. */
    COD_CAP: z.coerce.number().int().min(0).default(50_000),
    /** A buyer whose cash-on-delivery parcels were refused at the door more often than this pays the delivery fee online first. */
    COD_REFUSALS_ALLOWED: z.coerce.number().int().min(0).default(1),

    /** Offers (issue 47): hours each side has to answer (fractions for tests), and hours an accepted price keeps the phone for its buyer. */
    OFFER_ANSWER_HOURS: z.coerce.number().positive().default(24),
    OFFER_RESERVATION_HOURS: z.coerce.number().positive().default(48),
    /** How often unanswered offers expire and unpaid accepted prices lapse (by one instance). */
    OFFER_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (a key pair)' });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set in production: the Auth emulator accepts unsigned tokens anyone can forge',
      });
    }
    if (env.FIREBASE_API_KEY === 'demo-api-key') {
      ctx.addIssue({ code: 'custom', path: ['FIREBASE_API_KEY'], message: "must be set in production: phone codes are sent with the project's Web API key" });
    }
    if (env.PHONE_APP_VERIFICATION === 'off') {
      ctx.addIssue({
        code: 'custom',
        path: ['PHONE_APP_VERIFICATION'],
        message: "must be 'recaptcha-enterprise' in production: without app verification anyone can make Firebase send codes (and bills) to any number",
      });
    }
    if (env.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'must be set to a secret of your own in production' });
    }
    if (env.DEVICE_CHECK_KEYS.includes(devSigningSeed())) {
      ctx.addIssue({ code: 'custom', path: ['DEVICE_CHECK_KEYS'], message: 'must be set to keys of your own in production (the development key signs nothing a buyer can trust)' });
    }
    if (env.IMEI_SECRET === DEV_IMEI_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['IMEI_SECRET'], message: 'must be set to a secret of your own in production (and never changed: IMEIs are matched by it)' });
    }
    if (env.RUM_READ_TOKEN === DEV_RUM_READ_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['RUM_READ_TOKEN'], message: "must be set in production (the deployer's SLICE_RUM_TOKEN)" });
    }
    if (env.STRIPE_WEBHOOK_SECRET === DEV_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'must be set in production' });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: "must be set in production: e-mails would wait in the outbox for ever" });
    }
    if (env.VAPID_PUBLIC_KEY && env.VAPID_SUBJECT === 'mailto:support@phonehaat.test') {
      ctx.addIssue({ code: 'custom', path: ['VAPID_SUBJECT'], message: 'must be set in production: push services write there about our pushes' });
    }
    if (env.PAYMENT_METHODS.includes('bkash')) {
      for (const [key, value] of [['BKASH_USERNAME', DEV_BKASH.username], ['BKASH_PASSWORD', DEV_BKASH.password], ['BKASH_APP_KEY', DEV_BKASH.appKey], ['BKASH_APP_SECRET', DEV_BKASH.appSecret]] as const) {
        if (env[key] === value) ctx.addIssue({ code: 'custom', path: [key], message: "must be set in production (bKash's merchant credentials)" });
      }
      if (!env.BKASH_BASE_URL.startsWith('https://')) ctx.addIssue({ code: 'custom', path: ['BKASH_BASE_URL'], message: "must be bKash's https address in production" });
    }
    if (env.PAYMENT_METHODS.includes('sslcommerz')) {
      if (env.SSLCOMMERZ_STORE_ID === DEV_SSLCOMMERZ.storeId) ctx.addIssue({ code: 'custom', path: ['SSLCOMMERZ_STORE_ID'], message: "must be set in production (SSLCommerz's store id)" });
      if (env.SSLCOMMERZ_STORE_PASSWORD === DEV_SSLCOMMERZ.storePassword) ctx.addIssue({ code: 'custom', path: ['SSLCOMMERZ_STORE_PASSWORD'], message: "must be set in production (SSLCommerz's store password)" });
      if (!env.SSLCOMMERZ_BASE_URL.startsWith('https://')) ctx.addIssue({ code: 'custom', path: ['SSLCOMMERZ_BASE_URL'], message: "must be SSLCommerz's https address in production" });
    }
    if (env.PAYMENT_METHODS.includes('nagad')) {
      if (env.NAGAD_MERCHANT_ID === DEV_NAGAD.merchantId) ctx.addIssue({ code: 'custom', path: ['NAGAD_MERCHANT_ID'], message: "must be set in production (Nagad's merchant id)" });
      if (env.NAGAD_MERCHANT_PRIVATE_KEY === DEV_NAGAD.merchantPrivateKey) ctx.addIssue({ code: 'custom', path: ['NAGAD_MERCHANT_PRIVATE_KEY'], message: "must be set in production (the merchant's own key, not the development one)" });
      if (env.NAGAD_PUBLIC_KEY === DEV_NAGAD.nagadPublicKey) ctx.addIssue({ code: 'custom', path: ['NAGAD_PUBLIC_KEY'], message: "must be set in production (Nagad's public key)" });
      if (!env.NAGAD_BASE_URL.startsWith('https://')) ctx.addIssue({ code: 'custom', path: ['NAGAD_BASE_URL'], message: "must be Nagad's https address in production" });
      if (env.NAGAD_DISBURSE_AGGREGATOR_ID === DEV_NAGAD.aggregatorId) ctx.addIssue({ code: 'custom', path: ['NAGAD_DISBURSE_AGGREGATOR_ID'], message: "must be set in production (Nagad's merchant aggregator id)" });
      if (!env.NAGAD_DISBURSE_BASE_URL.startsWith('https://')) ctx.addIssue({ code: 'custom', path: ['NAGAD_DISBURSE_BASE_URL'], message: "must be Nagad's https address in production" });
    }
    if (env.COURIER === 'pathao') {
      for (const key of ['PATHAO_CLIENT_ID', 'PATHAO_CLIENT_SECRET', 'PATHAO_USERNAME', 'PATHAO_PASSWORD', 'PATHAO_WEBHOOK_SECRET'] as const) {
        const dev = { PATHAO_CLIENT_ID: DEV_PATHAO.clientId, PATHAO_CLIENT_SECRET: DEV_PATHAO.clientSecret, PATHAO_USERNAME: DEV_PATHAO.username, PATHAO_PASSWORD: DEV_PATHAO.password, PATHAO_WEBHOOK_SECRET: DEV_PATHAO.webhookSecret }[key];
        if (env[key] === dev) ctx.addIssue({ code: 'custom', path: [key], message: "must be set in production (Pathao's merchant credentials)" });
      }
      if (!env.PATHAO_BASE_URL.startsWith('https://')) ctx.addIssue({ code: 'custom', path: ['PATHAO_BASE_URL'], message: "must be Pathao's https address in production" });
    }
    if (env.STRIPE_API_HOST) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_HOST'], message: 'must not point away from Stripe in production' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = problems;
    this.name = 'EnvError';
  }
}

/** Parses the environment once; every bad variable is listed at once. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set", as they do in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return result.data;
}
