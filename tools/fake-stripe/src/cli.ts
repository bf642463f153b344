import { startFakeStripe } from './server.js';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 4110);
const host = process.env.FAKE_STRIPE_HOST ?? '127.0.0.1';
const stripe = await startFakeStripe({
  port,
  host,
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL || undefined,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
  logger: (message) => console.error(message),
});
console.log(`fake Stripe listening on ${stripe.url}`);
const stop = () => void stripe.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
