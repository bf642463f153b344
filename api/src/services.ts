// What the routes are given (built once per app): in a module of its own, which the routes import and which imports no
// route, so app.ts (which registers the routes) and the routes do not import each other.
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { IdentityProvider } from './modules/identity/index.ts';
import { createPhoneCodes } from './modules/identity/index.ts';
import { createBrowserLog } from './modules/identity/index.ts';
import { createPhoneVerification } from './modules/identity/index.ts';
import { createTokenService } from './modules/identity/index.ts';
import { ReadCache } from './cache.ts';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import type { PaymentGateway } from './modules/payments/index.ts';
import { createSettlement, type Refunder } from './modules/payments/index.ts';
import { createEscrow } from './modules/orders/index.ts';
import { createBkashRecords, createPayoutRail, createNagadRecords, createRefundRails, createSslcommerzRecords, createWalletMethods } from './modules/payments/index.ts';
import { createMoneyOverview } from './modules/orders/index.ts';
import { account } from './modules/orders/index.ts';
import { createDisputesRepository } from './modules/orders/index.ts';
import { createNeirRepository, createNeirSteps } from './modules/orders/index.ts';
import { createDisputes } from './modules/orders/index.ts';
import { createPayouts } from './modules/orders/index.ts';
import { createWalletCheckout } from './modules/payments/index.ts';
import { createProviderTokensRepository } from './providers/provider-tokens.ts';
import { createStreamTicketsRepository } from './modules/conversations/index.ts';
import { createPaymentReviews, createRefundFollower, createWalletPaymentsRepository } from './modules/payments/index.ts';
import { createPhotoService } from './modules/catalog/index.ts';
import { createPhotoStore } from './modules/catalog/index.ts';
import { createShareCards } from './modules/catalog/index.ts';
import { createSitemaps } from './modules/catalog/index.ts';
import { createGuards } from './plugins/auth.ts';
import { createAuditRepository, type AuditRepository } from './audit/audit.ts';
import { createBookingsRepository } from './modules/orders/index.ts';
import { createCatalogRepository } from './modules/catalog/index.ts';
import { createPhotosRepository } from './modules/catalog/index.ts';
import { createReportsRepository } from './modules/trust/index.ts';
import { createSearchRepository } from './modules/search/index.ts';
import { createUsersRepository } from './modules/identity/index.ts';
import { createSearchService } from './modules/search/index.ts';
import { createHub } from './modules/conversations/index.ts';
import { createHeldMessages, createThreadsRepository } from './modules/conversations/index.ts';
import { createNotificationsRepository } from './modules/notifications/index.ts';
import { createOutboxRepository } from './db/outbox.ts';
import { createPushSubscriptionsRepository } from './modules/notifications/index.ts';
import { createPushSender } from './modules/notifications/index.ts';
import { createUnsubscribeTokens } from './email/unsubscribe.ts';
import { createSavedSearchesRepository } from './modules/search/index.ts';
import { createMatcher } from './modules/search/index.ts';
import { createDigest } from './modules/search/index.ts';
import { createHoldsRepository, createImeiKey, createPriceReview, createScamCheck, createSenderHolds } from './modules/trust/index.ts';
import { createDeviceChecks, createDeviceChecksRepository, createReportSigner, createReportViews, readSigningKeys } from './modules/trust/index.ts';
import { createImeisRepository } from './modules/trust/index.ts';
import { createReviewsRepository } from './modules/trust/index.ts';
import { createWatchesRepository } from './modules/search/index.ts';
import { createOffersRepository } from './modules/offers/index.ts';
import { createNegotiation } from './modules/offers/index.ts';
import { createNotifier, type EmailQueue } from './modules/notifications/index.ts';
import { createRumRepository } from './rum/repository.ts';
import { createRum } from './rum/service.ts';
import { createPriceGuideRepository } from './modules/catalog/index.ts';
import { createCourier } from './modules/orders/index.ts';
import { createCashCollection } from './modules/orders/index.ts';
import { createReturnRefunds } from './modules/orders/index.ts';
import { createDelivery } from './modules/orders/index.ts';
import { createSettlements } from './modules/orders/index.ts';
import { createParcelsRepository } from './modules/orders/index.ts';

/** PhoneHaat's own pictures (the demo's phones), served at /images and drawn on share images. */
const imagesDir = fileURLToPath(new URL('../assets/images/', import.meta.url));

/** Set when the instance is shutting down: it then reports not-ready while it finishes its requests. */
export interface Lifecycle {
  draining: boolean;
}

export interface AppDeps {
  env: Env;
  database: Database;
  identity: IdentityProvider;
  gateway: PaymentGateway;
  /** With REDIS_URL: rate limits counted across instances, and its health in readiness. */
  redis?: Redis | undefined;
  lifecycle?: Lifecycle;
  /** Given by the server when /metrics is served on a port of its own (METRICS_PORT). */
  metrics?: Metrics;
  /** The job queue: where e-mails go after their commit (without it they wait in the outbox), and payouts. */
  jobs?: EmailQueue & { payoutSoon(sellerId: string): Promise<void> };
}

type Deps = Pick<AppDeps, 'env' | 'database'> & { log: FastifyBaseLogger };

/** Money held until the buyer has the phone (escrow), and a payment settled into a sale. */
function saleMoney(
  { env, database, log, jobs }: Deps & Pick<AppDeps, 'jobs'>,
  { notifier, cache, metrics, bookings, watches, offers, refund }: { notifier: ReturnType<typeof createNotifier>; cache: ReadCache; metrics: Metrics; bookings: ReturnType<typeof createBookingsRepository>; watches: ReturnType<typeof createWatchesRepository>; offers: ReturnType<typeof createOffersRepository>; refund: Refunder },
) {
  const escrow = createEscrow(database.db, {
    notifier,
    // Released money is paid out now (through the queue), not at the next scheduled plan.
    onReleased: (sellerId) => void jobs?.payoutSoon(sellerId).catch((error: Error) => log.warn({ err: error }, 'could not queue a payout')),
    holdDays: env.HOLD_DAYS,
    fees: { percent: env.FEE_PERCENT, newSellerPercent: env.NEW_SELLER_FEE_PERCENT, newSellerSales: env.NEW_SELLER_SALES },
  });
  const settle = createSettlement(database.db, refund, {
    escrow,
    onSold: () => cache.clear(),
    onSettled: metrics.paymentSettled,
    notifier,
    unpaidBookers: (tx, productId, except) => bookings.unpaidBookers(tx, productId, except),
    watchers: (tx, productId, except) => watches.watchers(tx, productId, except),
    deliveryFeesTo: account.courier(env.COURIER),
    offers,
  });
  return { escrow, settle };
}

/** Courier delivery (issue 45): parcels and their steps, the cash riders collect, returns refunded. */
function courierDelivery(
  { env, database, log }: Deps,
  { courier, notifier, escrow, refund, cache }: { courier: ReturnType<typeof createCourier>; notifier: ReturnType<typeof createNotifier>; escrow: ReturnType<typeof createEscrow>; refund: Refunder; cache: ReadCache },
) {
  return createDelivery({
  db: database.db,
  courier,
  parcels: createParcelsRepository(database.db),
  policy: { codCap: env.COD_CAP, refusalsAllowed: env.COD_REFUSALS_ALLOWED, pollAfterSeconds: env.COURIER_POLL_AFTER_SECONDS },
  notifier,
  cash: createCashCollection({ db: database.db, escrow, log }),
  returns: createReturnRefunds({ db: database.db, refund, notifier, onListingChanged: () => cache.clear(), log }),
  onListingChanged: () => cache.clear(),
  log,
});
}

/** Bargaining (issue 64): offers, counter-offers, and the phone kept for the buyer whose offer was accepted. */
function bargaining({ env, database }: Pick<AppDeps, 'env' | 'database'>, { offers, notifier, threads, hub, cache }: { offers: ReturnType<typeof createOffersRepository>; notifier: ReturnType<typeof createNotifier>; threads: ReturnType<typeof createThreadsRepository>; hub: ReturnType<typeof createHub>; cache: ReadCache }) {
  return createNegotiation({
  db: database.db,
  offers,
  notifier,
  threads,
  live: hub,
  answerHours: env.OFFER_ANSWER_HOURS,
  reservationHours: env.OFFER_RESERVATION_HOURS,
  onListingChanged: () => cache.clear(),
});
}

/** Photos: where they are kept, and their service (resized, stripped of location, named by their hash). */
function photoServices(env: Env, database: Database) {
  const photosRepo = createPhotosRepository(database.db);
  const photoStore = createPhotoStore(env, database.db);
  return { photosRepo, photoStore, photos: createPhotoService({ repo: photosRepo, store: photoStore, publicUrl: env.PUBLIC_URL }) };
}

/** The card gateways without a list of their own (SSLCommerz), reconciled payment by payment when they are offered. */
const gatewayRecords = (env: Env) => [
  ...(env.PAYMENT_METHODS.includes('sslcommerz') ? [createSslcommerzRecords(env)] : []),
  ...(env.PAYMENT_METHODS.includes('nagad') ? [createNagadRecords(env)] : []),
];

/** Paying from a wallet or a local gateway (issues 32, 69), the payments held for the admin's review, and refunds followed to the end. */
function walletPaymentServices(
  { env, database, log }: Deps,
  { wallets, settle, audit }: { wallets: ReturnType<typeof createWalletMethods>; settle: ReturnType<typeof createSettlement>; audit: AuditRepository },
) {
  const repo = createWalletPaymentsRepository(database.db);
  return {
    walletCheckout: createWalletCheckout({ methods: wallets, repo, settle, env, log }),
    paymentReviews: createPaymentReviews({ db: database.db, repo, settle, audit }),
    followRefunds: createRefundFollower(database.db, wallets, log),
  };
}

/** The providers' tokens, the wallets buyers pay with, and the rail sellers are paid out on. */
function moneyRails(env: Env, database: Database) {
  const providerTokens = createProviderTokensRepository(database.db);
  const payoutRail = createPayoutRail(env, providerTokens);
  return { providerTokens, wallets: createWalletMethods(env, providerTokens), payoutRail, refundRails: createRefundRails(env, database.db, payoutRail) };
}

/**
 * Trust's checks: a phone's in its own browser (issue 68: PhoneHaat's signing keys, how a report reads, the checks), and
 * the scam rules every message is read by (issue 70), with PhoneHaat's own addresses (a link to them is no risk).
 */
function trustChecks(env: Env, database: Database, { audit }: { audit: AuditRepository }) {
  const signer = createReportSigner(readSigningKeys(env.DEVICE_CHECK_KEYS));
  const reportViews = createReportViews(signer);
  const deviceChecks = createDeviceChecks({ db: database.db, repo: createDeviceChecksRepository(database.db), imeiKey: createImeiKey(env.IMEI_SECRET), signer, views: reportViews });
  const scamCheck = createScamCheck([...new Set([env.WEB_URL, env.PUBLIC_URL].map((url) => new URL(url).hostname))]);
  const holds = createSenderHolds({ db: database.db, repo: createHoldsRepository(database.db), messages: createHeldMessages(database.db), audit, holdAfterPeople: env.SCAM_HOLD_PEOPLE });
  const priceReview = createPriceReview({ db: database.db, priceGuide: createPriceGuideRepository(database.db), ratio: env.PRICE_TOO_LOW_RATIO, newSellerDays: env.NEW_SELLER_DAYS });
  return { signer, reportViews, deviceChecks, scamCheck, holds, priceReview };
}

/**
 * Money goes back the way it came: Stripe's refund for a card, the wallet's own for a wallet; cash the rider
 * collected, sent to the wallet the buyer named (bKash or Nagad), else by bKash to the number the parcel was delivered
 * to (the idempotency key its invoice number).
 */
function createRefunder(gateway: AppDeps['gateway'], wallets: ReturnType<typeof moneyRails>['wallets'], refundRails: ReturnType<typeof moneyRails>['refundRails']): Refunder {
  return async (payment, idempotencyKey, reason) => {
    // The payment's own amount: a sale's (its delivery fee aside), or all a provider took (a late second payment).
    if (payment.method === 'card') return gateway.refund(payment.reference, idempotencyKey, payment.amount);
    if (payment.method === 'cash') {
      const rail = refundRails.get(payment.payVia ?? 'bkash');
      if (!payment.payTo || !rail) throw new Error(`no wallet to refund the cash of ${payment.reference} to`);
      const sent = await rail.pay({ invoice: idempotencyKey, wallet: payment.payTo, amount: payment.amount });
      return { id: sent.transactionId, amount: sent.amount, currency: payment.currency };
    }
    const wallet = wallets.get(payment.method);
    if (!wallet) throw new Error(`no ${payment.method} module to refund ${payment.reference} with`);
    return wallet.refund(payment, reason);
  };
}

/** Everything a route needs, built once per app. */
export function createServices(
  { env, database, identity, gateway, redis, lifecycle, metrics = createMetrics(database), jobs }: AppDeps,
  log: FastifyBaseLogger,
) {
  const emailQueue: EmailQueue = jobs ?? { enqueue: async () => undefined };
  const cache = new ReadCache(env.CACHE_TTL_MS, 2000, metrics.cache);
  const users = createUsersRepository(database.db);
  const { photosRepo, photoStore, photos } = photoServices(env, database);
  const audit = createAuditRepository(database.db);
  const trust = trustChecks(env, database, { audit });
  const catalog = createCatalogRepository(database.db, photos.toPhoto, trust.reportViews.summary);
  const releaseAt = (heldAt: Date) => new Date(heldAt.getTime() + env.HOLD_DAYS * 86_400_000);
  const bookings = createBookingsRepository(database.db, releaseAt, photos.mediumUrl);
  const tokens = createTokenService(env.JWT_SECRET);
  const threads = createThreadsRepository(database.db);
  const notifications = createNotificationsRepository(database.db);
  const hub = createHub(database, { threads, notifications }, log);
  const notifier = createNotifier({ db: database.db, repo: notifications, live: hub, queue: emailQueue, log });
  const savedSearches = createSavedSearchesRepository(database.db);
  const watches = createWatchesRepository(database.db);
  const offers = createOffersRepository(database.db);
  /** Every brand, from the read cache (writes clear it). */
  const brands = () => cache.get('brands', () => catalog.listBrands());
  const { providerTokens, wallets, payoutRail, refundRails } = moneyRails(env, database);
  const refund = createRefunder(gateway, wallets, refundRails);
  const { escrow, settle } = saleMoney({ env, database, log, jobs }, { notifier, cache, metrics, bookings, watches, offers, refund });
  const courier = createCourier(env, providerTokens);
  /** The courier's settlement reports, recorded in the ledger and reconciled on the Money page. */
  const settlements = createSettlements({ db: database.db, courier });
  return {
    env,
    cache,
    gateway,
    tokens,
    brands,
    repos: { users, catalog, bookings, photos: photosRepo, reports: createReportsRepository(database.db), audit, threads, notifications, outbox: createOutboxRepository(database.db), pushDevices: createPushSubscriptionsRepository(database.db), savedSearches, watches, offers, imeis: createImeisRepository(database.db), reviews: createReviewsRepository(database.db), streamTickets: createStreamTicketsRepository(database.db), disputes: createDisputesRepository(database.db, photos.mediumUrl) },
    hub,
    notifier,
    unsubscribe: createUnsubscribeTokens(env.JWT_SECRET),
    /** Web Push (issue 48), where the API has a VAPID key pair. */
    pushSender: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? createPushSender({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }, env.PUSH_TTL_SECONDS) : undefined,
    imeiKey: createImeiKey(env.IMEI_SECRET),
    /** The phone checks' signer and reports, the scam rules. */
    ...trust,
    matcher: createMatcher({ repo: savedSearches, catalog, notifier, log }),
    sendDigests: createDigest({ savedSearches, notifications, queue: () => emailQueue }),
    photos,
    sitemaps: createSitemaps({ db: database.db, webUrl: env.WEB_URL }),
    shareCards: createShareCards({ db: database.db, store: photoStore, publicUrl: env.PUBLIC_URL, imagesDir }),
    rum: createRum({ repo: createRumRepository(database.db), log }),
    priceGuide: createPriceGuideRepository(database.db),
    search: createSearchService({ search: createSearchRepository(database.db, photos.toPhoto, trust.reportViews.summary), catalog, cache, brands }),
    guards: createGuards({ tokens, identity, users, cache }),
    identity,
    phone: createPhoneVerification({ db: database.db, codes: createPhoneCodes(env), identity, audit, appVerification: env.PHONE_APP_VERIFICATION === 'recaptcha-enterprise' }),
    signedInFrom: createBrowserLog({ db: database.db, notifier }),
    database,
    redis,
    metrics,
    lifecycle: lifecycle ?? { draining: false },
    settle,
    escrow,
    neir: createNeirSteps({ escrow, repo: createNeirRepository(database.db), imeiKey: createImeiKey(env.IMEI_SECRET) }),
    disputes: createDisputes(database.db, { escrow, refund, notifier, audit, refundWallets: [...refundRails.keys()] }),
    payouts: createPayouts(database.db, { rail: payoutRail, notifier }),
    /** Payouts always go through bKash, so its records are reconciled whichever ways buyers may pay. */
    moneyOverview: createMoneyOverview(database.db, { gateway, bkash: createBkashRecords(env, providerTokens), settlements, gateways: gatewayRecords(env) }),
    settlements,
    releaseAt,
    jobs,
    delivery: courierDelivery({ env, database, log }, { courier, notifier, escrow, refund, cache }),
    negotiation: bargaining({ env, database }, { offers, notifier, threads, hub, cache }),
    ...walletPaymentServices({ env, database, log }, { wallets, settle, audit }),
  };
}
export type Services = ReturnType<typeof createServices>;
