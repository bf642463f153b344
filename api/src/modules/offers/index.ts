// The offers module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { createNegotiation } from './negotiation.ts';
export { type BuyerPrice, buyerPrice, keptFor, priceFor } from './price.ts';
export { createOffersRepository, type OffersRepository, reservationLasts } from './repositories/offers.ts';
