export { startFakePathao, API_PREFIX, DEV_CREDENTIALS, DEV_WEBHOOK_SECRET, DEV_INTEGRATION_SECRET, type FakePathao, type FakePathaoOptions } from './server.js';
export { STATUSES, MOVES, type Move, type Parcel, type Status } from './parcels.js';
export { CITIES, zonesOf, type City, type Zone } from './cities.js';
export type { Invoice, InvoiceLine } from './moves.js';
export type { WebhookSwitches } from './webhooks.js';
export { csvOf } from './export.js';
