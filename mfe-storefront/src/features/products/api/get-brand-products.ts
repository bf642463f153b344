import { api } from '@phonehaat/shared-data';

export const PAGE_SIZE = 12;

/** One page of a brand's phones on sale. */
export const getBrandProducts = (brandId: string, page = 1, limit = PAGE_SIZE) =>
  api.listBrandProducts({ params: { categoryId: brandId }, query: { page, limit } });
