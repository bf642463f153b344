// The home page's public reads, as the shell's early start asks for them (preload.json, from routes.ts at build time):
// made by the same pathOf as the calls its loader makes, so the two addresses meet. Read by the build only: a page that
// imported it would carry the table of operations.
import { pathOf } from '@phonehaat/shared-api/operations';
import { advertisedQuery } from './advertised-query';

/** The brands, the advertised phones, and PhoneHaat's fee, which the banner states (issue 33). */
export const homeReads = [pathOf('listBrands'), pathOf('listAdvertised', { query: advertisedQuery }), pathOf('getFeeSchedule')];
