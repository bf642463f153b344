import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { createEmailDelivery } from '../email/delivery.js';
import { createSmtpMailer } from '../email/mailer.js';
import { EMAIL_JOB, JOBS_SCHEMA, type JobQueue, type QueueWork } from './queue.js';

/** Works the queue in this instance from when the app is ready until it closes: e-mail (with SMTP_URL) and payouts. */
export function runJobs(app: FastifyInstance, services: Services, jobs: JobQueue) {
  const { env } = services;
  const mailer = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined;
  const email: QueueWork['email'] = mailer && {
    deliver: createEmailDelivery({ outbox: services.repos.outbox, mailer, unsubscribe: services.unsubscribe, env, log: app.log }),
    sweep: () => services.repos.outbox.stranded(env.EMAIL_SWEEP_AFTER_SECONDS, { schema: JOBS_SCHEMA, name: EMAIL_JOB }),
    digest: services.sendDigests,
  };
  app.addHook('onReady', () => jobs.start({ email, payouts: { plan: (ids) => services.payouts.plan(ids), pay: (id) => services.payouts.pay(id) } }));
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer?.close();
  });
}
