export { startFakeStripe, type FakeStripe, type FakeStripeOptions, type PaymentIntent, type Refund } from './server.js';
export { TEST_CARDS, TEST_PAYMENT_METHODS } from './cards.js';
