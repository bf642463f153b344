import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { EMAIL_JOB, JOBS_SCHEMA, type JobQueue } from '../jobs/queue.js';
import { createEmailDelivery } from './delivery.js';
import { createSmtpMailer } from './mailer.js';

/** Works the e-mail queue in this instance from when the app is ready until it closes. */
export function runEmailWorker(app: FastifyInstance, services: Services, jobs: JobQueue, smtpUrl: string) {
  const { env } = services;
  const mailer = createSmtpMailer(smtpUrl, env.MAIL_FROM);
  const deliver = createEmailDelivery({ outbox: services.repos.outbox, mailer, unsubscribe: services.unsubscribe, env, log: app.log });
  app.addHook('onReady', () =>
    jobs.start({
      deliver,
      sweep: () => services.repos.outbox.stranded(env.EMAIL_SWEEP_AFTER_SECONDS, { schema: JOBS_SCHEMA, name: EMAIL_JOB }),
      digest: services.sendDigests,
    }),
  );
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });
}
