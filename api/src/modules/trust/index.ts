// The trust module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { createImeiKey, type KeptImei } from './imei/imei-key.ts';
export { imeiRefusal } from './imei/refusal.ts';
export { BlockedImeiError, createImeisRepository, isImeiBlocked, ListedImeiError } from './repositories/imeis.ts';
export { AlreadyReportedError, createReportsRepository } from './repositories/reports.ts';
export { createReviewsRepository } from './repositories/reviews.ts';
