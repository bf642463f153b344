// What the rest of the storefront may use of the products feature: a listing's card and the Book Now that opens its
// booking (the card itself carries it, so nothing more is loaded for it).
export { bookNow } from './components/booking-dialog';
export { FIRST_SCREEN, ListingCard } from './components/listing-card';
