export const PAGE_SIZE = 12;

/** What one page of a brand's phones on sale is read with. */
export const brandProducts = (brandId: string, page = 1, limit = PAGE_SIZE) => ({ params: { categoryId: brandId }, query: { page, limit } });
