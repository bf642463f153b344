// The home page's public reads: its loader calls them, and the build lists their addresses in preload.json (routes.ts),
// so the shell can start them alongside the page's code; the same pathOf makes both, so they meet.
import { pathOf } from '@phonehaat/shared-api/operations';

export const ADVERTISED_LIMIT = 12;
export const advertisedQuery = { limit: ADVERTISED_LIMIT };
/** The brands, the advertised phones, and PhoneHaat's fee, which the banner states (issue 33). */
export const homeReads = [pathOf('listBrands'), pathOf('listAdvertised', { query: advertisedQuery }), pathOf('getFeeSchedule')];
