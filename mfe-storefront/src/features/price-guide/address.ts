import type { PriceGuideQuery } from '@phonehaat/shared-api';

/** The page's own address: the phone asked about is in its query, so a guide can be linked to and shared. */
export const PRICE_GUIDE_PATH = '/price-guide';

/**
 * The address of the guide for one phone, filled in (the phone's page links to it). Apart from query.ts, so that the
 * phone's page takes no schema code with the link (shared-api's zod is bundled with whoever imports it).
 */
export const guideAddress = (query: PriceGuideQuery) =>
  `${PRICE_GUIDE_PATH}?${new URLSearchParams({ brandId: query.brandId, name: query.name, condition: query.condition, usedYear: String(query.usedYear) })}`;
