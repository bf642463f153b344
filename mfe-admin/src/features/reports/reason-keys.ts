import type { ReportReason } from '@phonehaat/shared-api';

/** Each report reason's words in the admin's catalog. */
export const reasonKeys = {
  stolen: 'reason.stolen',
  scam: 'reason.scam',
  'wrong-details': 'reason.wrongDetails',
  price: 'reason.price',
  duplicate: 'reason.duplicate',
  offensive: 'reason.offensive',
  other: 'reason.other',
} as const satisfies Record<ReportReason, string>;
