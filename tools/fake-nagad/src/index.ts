export { startFakeNagad, DEV_MERCHANT, type FakeNagad, type FakeNagadOptions, type Switches } from './server.js';
export { TEST_WALLET } from './page.js';
export { decryptWith, encryptFor, signedBy, signWith } from './crypto.js';
export { DEV_KEYS } from './keys.js';
export type { Payment } from './store.js';
export type { Batch, BatchItem } from './disbursement.js';
