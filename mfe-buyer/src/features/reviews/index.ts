// What the rest of the buyer's slice may use of the reviews feature: the dialog that rates a seller.
export { RateDialog } from './components/rate-dialog';
