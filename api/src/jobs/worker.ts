import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { channelsOf, createEmailDelivery } from '../email/delivery.ts';
import { createPushDelivery } from '../modules/notifications/index.ts';
import { createSmtpMailer } from '../email/mailer.ts';
import { EMAIL_JOB, JOBS_SCHEMA, type JobQueue, type QueueWork } from './queue.ts';
import type { Periodic } from './periodic.ts';

const HOUR = 60 * 60;

/** Every periodic sweep of the API: each idempotent, run by one instance per period (decision 031). */
export function periodicWork(services: Services): Periodic[] {
  const { env } = services;
  return [
    // Uploads never put on a listing go after a day.
    { name: 'photo-cleanup', seconds: HOUR, work: () => services.photos.cleanup() },
    // Share images of phones no longer listed (their pages answer 410, nobody fetches them).
    { name: 'share-image-cleanup', seconds: HOUR, work: () => services.shareCards.cleanup() },
    // Listings a crash left unmatched against the saved searches (matching is once per listing).
    { name: 'saved-search-sweep', seconds: 60, work: () => services.matcher.sweep() },
    // Real-user measurements: 30 days are kept.
    { name: 'rum-prune', seconds: HOUR, work: () => services.rum.prune() },
    // Spent stream tickets are remembered until they would have expired anyway.
    { name: 'stream-ticket-prune', seconds: HOUR, work: () => services.repos.streamTickets.prune() },
    // Held sales past their days go to their sellers (each release locks its booking).
    { name: 'release-sweep', seconds: env.RELEASE_SWEEP_SECONDS, work: () => services.escrow.releaseDue() },
    // Wallet payments a closed tab, a lost callback or a timeout left open are asked about and finished.
    // Couriers' webhooks are known to be lost: parcels not heard of for a while are asked about (issue 45).
    { name: 'courier-poll', seconds: env.COURIER_POLL_SECONDS, work: () => services.delivery.poll() },
    // Offers unanswered in time expire; accepted prices unpaid in time lapse, the phone back on sale (issue 47).
    { name: 'offer-sweep', seconds: env.OFFER_SWEEP_SECONDS, work: () => services.negotiation.sweep() },
    ...(env.PAYMENT_METHODS.some((method) => method !== 'card')
      ? [
          { name: 'wallet-sweep', seconds: env.WALLET_SWEEP_SECONDS, work: () => services.walletCheckout.sweep() },
          // Refunds a provider took as 'processing' (SSLCommerz), followed to 'refunded' (or 'failed').
          { name: 'refund-follow', seconds: env.WALLET_SWEEP_SECONDS, work: () => services.followRefunds() },
        ]
      : []),
  ];
}

/** Works the queue in this instance from when the app is ready until it closes: e-mail (with SMTP_URL), pushes (with VAPID keys), payouts, sweeps. */
export function runJobs(app: FastifyInstance, services: Services, jobs: JobQueue) {
  const { env } = services;
  const mailer = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined;
  const { outbox, pushDevices } = services.repos;
  const push = services.pushSender && createPushDelivery({ sender: services.pushSender, outbox, devices: pushDevices, log: app.log });
  const email: QueueWork['email'] = (mailer || push) && {
    deliver: createEmailDelivery({ outbox, mailer, push, unsubscribe: services.unsubscribe, env, log: app.log }),
    sweep: () => outbox.stranded(env.EMAIL_SWEEP_AFTER_SECONDS, { schema: JOBS_SCHEMA, name: EMAIL_JOB }, channelsOf({ mailer, push })),
    digest: mailer && services.sendDigests,
  };
  app.addHook('onReady', () => jobs.start({ email, payouts: { plan: (ids) => services.payouts.plan(ids), pay: (id) => services.payouts.pay(id) }, periodic: periodicWork(services) }));
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer?.close();
  });
}
