// What other features use of the seller's listings: how My Product's list is read (the phone's check watches it).
export { myProducts } from './api/get-my-products';
