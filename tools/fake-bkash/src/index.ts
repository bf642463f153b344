export { startFakeBkash, DEV_CREDENTIALS, API_PREFIX, type FakeBkash, type FakeBkashOptions, type Switches } from './server.js';
export { TEST_WALLETS, TEST_CODE, TEST_PIN } from './wallets.js';
export type { Payment } from './api.js';
export type { Payout } from './payouts.js';
export { walkPaymentPage } from './buyer.js';
