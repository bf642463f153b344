export const REVIEWS_PAGE_SIZE = 10;
export const PHONES_PAGE_SIZE = 12;

/** What a seller's profile page reads: the seller as buyers see them, a page of their reviews and of their phones on sale (newest first). */
export const sellerReads = (id: string, reviewsPage = 1, phonesPage = 1) => ({
  seller: { params: { id } },
  reviews: { params: { id }, query: { page: reviewsPage, limit: REVIEWS_PAGE_SIZE } },
  phones: { params: { id }, query: { page: phonesPage, limit: PHONES_PAGE_SIZE } },
});
