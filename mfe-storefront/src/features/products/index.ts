// What the rest of the storefront may use of the products feature: a listing's card and the Book Now that opens its
// booking (its own small module: a page that lists cards without the dialog loads nothing more for it).
export { bookNow } from './components/book-now';
export { FIRST_SCREEN, ListingCard } from './components/listing-card';
