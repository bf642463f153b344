// The trust module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { createImeiKey, type KeptImei } from './imei/imei-key.ts';
export { imeiRefusal } from './imei/refusal.ts';
export { BlockedImeiError, createImeisRepository, isImeiBlocked, ListedImeiError } from './repositories/imeis.ts';
export { AlreadyReportedError, createReportsRepository } from './repositories/reports.ts';
export { createReviewsRepository } from './repositories/reviews.ts';
export { createDeviceChecks, type DeviceChecks } from './device-checks/service.ts';
export { createReportSigner, devSigningSeed, readSigningKeys, type ReportSigner } from './device-checks/signing.ts';
export { createReportViews, type ReportViews, type StoredReport, type SummarizeReport } from './device-checks/views.ts';
export { createDeviceChecksRepository } from './repositories/device-checks.ts';
export { createScamCheck, type ScamCheck, type ScamContext } from './scams/check.ts';
export { SCAM_KINDS, type ScamKind } from './scams/kinds.ts';
export { createHoldsRepository } from './holds/repository.ts';
export { createSenderHolds, type HeldMessages, type SenderHolds } from './holds/service.ts';
export { createPriceReview, type PriceReview } from './price-review/service.ts';
