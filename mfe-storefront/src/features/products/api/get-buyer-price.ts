import { api } from '@phonehaat/shared-data';
import { bookableAt, type Bookable } from '../components/book-now';

/**
 * The phone at the price the server says is this buyer's (issue 65). A phone's page knows it (its `keptFor`); a card
 * does not, so its phone is read again: a phone kept for this buyer is booked, and shown, at the agreed price.
 */
export const getBuyerPrice = async (product: Bookable): Promise<Bookable> =>
  product.agreed !== undefined ? product : bookableAt(product, (await api.getProduct({ params: { id: product._id } })).keptFor);
