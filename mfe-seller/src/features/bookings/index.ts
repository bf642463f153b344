// What the rest of the seller's slice may use of the bookings feature: a listing's bookings, in a dialog.
export { ListingBookingsDialog } from './components/listing-bookings-dialog';
