import type { UserRow } from '../../identity/index.ts';
import { conflict, notFound } from '../../../errors.ts';
import { assertCan } from '../../../plugins/auth.ts';
import type { CatalogRepository, ProductRow } from '../repositories/catalog.ts';

/** The seller's own listing, still on sale, for a change to it (its price, its IMEI): 404, 403 or 409 otherwise. */
export async function ownListingOnSale(catalog: CatalogRepository, seller: UserRow, id: string): Promise<ProductRow> {
  const product = await catalog.findProduct(id);
  if (!product || product.deletedAt) throw notFound('Product');
  assertCan(seller, { own: 'update:product:own' }, product.sellerId);
  if (product.status === 'sold') throw conflict('This phone has already been sold');
  return product;
}
