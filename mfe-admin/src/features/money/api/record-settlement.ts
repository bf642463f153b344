import { api } from '@phonehaat/shared-data';

/** Records the courier's settlement report (its panel's CSV export): each parcel's cash settled in the ledger. */
export const recordSettlement = (report: string) => api.recordCourierSettlement({ body: { report } });
