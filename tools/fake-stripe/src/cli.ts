import { startFakeStripe, type FakeStripeOptions } from './server.js';

/** Every bad variable at once, like the apps' env parsing (no zod here: the fake has no dependencies to spare). */
function optionsFrom(env: NodeJS.ProcessEnv): FakeStripeOptions {
  const problems: string[] = [];
  const port = Number(env.FAKE_STRIPE_PORT || 4110);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) problems.push(`FAKE_STRIPE_PORT must be a port number, not '${env.FAKE_STRIPE_PORT}'`);
  const webhookUrl = env.FAKE_STRIPE_WEBHOOK_URL || undefined;
  if (webhookUrl && !/^https?:$/.test(URL.parse(webhookUrl)?.protocol ?? '')) {
    problems.push(`FAKE_STRIPE_WEBHOOK_URL must be an http(s) URL, not '${webhookUrl}'`);
  }
  if (problems.length > 0) {
    console.error(`fake Stripe: bad environment:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  return {
    port,
    host: env.FAKE_STRIPE_HOST || '127.0.0.1',
    webhookUrl,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    logger: (message) => console.error(message),
    stateFile: env.FAKE_STRIPE_STATE_FILE || undefined,
  };
}

const stripe = await startFakeStripe(optionsFrom(process.env));
console.log(`fake Stripe listening on ${stripe.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stripe.close().then(() => process.exit(0)));
}
