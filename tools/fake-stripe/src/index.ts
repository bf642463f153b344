export { startFakeStripe, MAX_BODY_BYTES, BROWSER_SCRIPT_PATH, type FakeStripe, type FakeStripeOptions, type Charge, type PaymentIntent, type Refund } from './server.js';
export { TEST_CARDS, TEST_PAYMENT_METHODS } from './cards.js';
export { DEFAULT_WEBHOOK_SECRET } from './webhooks.js';
