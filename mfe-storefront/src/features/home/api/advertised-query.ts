/** How many advertised phones the home page shows. */
export const ADVERTISED_LIMIT = 12;
export const advertisedQuery = { limit: ADVERTISED_LIMIT };
