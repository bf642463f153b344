/** The offer form's place on a phone's page: where a visitor's "Make an offer" comes back to after signing in. */
export const OFFER_ANCHOR = 'offer';
