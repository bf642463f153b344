import { gone, notFound } from '../../../errors.ts';
import type { CatalogRepository } from '../repositories/catalog.ts';

/** Said of a phone whose listing was deleted by its seller or removed by PhoneHaat. */
export const NO_LONGER_LISTED = 'This phone is no longer listed on PhoneHaat';

/** A phone's page, to anyone (issue 48): on sale or sold; deleted or removed, it is gone (410); unknown, not found. */
export async function publicListing(catalog: CatalogRepository, id: string) {
  const product = await catalog.findListing(id);
  if (product) return product;
  if (await catalog.findProduct(id)) throw gone(NO_LONGER_LISTED);
  throw notFound('Product');
}
