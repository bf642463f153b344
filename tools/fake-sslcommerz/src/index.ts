export { startFakeSslcommerz, DEV_STORE, type FakeSslcommerz, type FakeSslcommerzOptions, type Switches } from './server.js';
export { TEST_CARDS, TEST_OTP, WAYS } from './page.js';
export { verifySign } from './sign.js';
export type { Session } from './store.js';
