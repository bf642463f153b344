import type { ReviewPage, SellerPhones, SellerProfile } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

export const REVIEWS_PAGE_SIZE = 10;
export const PHONES_PAGE_SIZE = 12;

/** GET /sellers/:id — a seller as buyers see them. */
export const getSeller = (id: string) => http.get<SellerProfile>(`/sellers/${encodeURIComponent(id)}`);

/** GET /sellers/:id/reviews — one page of their reviews, newest first. */
export const getSellerReviews = (id: string, page = 1) => http.get<ReviewPage>(`/sellers/${encodeURIComponent(id)}/reviews?page=${page}&limit=${REVIEWS_PAGE_SIZE}`);

/** GET /sellers/:id/listings — their phones on sale, newest first. */
export const getSellerPhones = (id: string, page = 1) => http.get<SellerPhones>(`/sellers/${encodeURIComponent(id)}/listings?page=${page}&limit=${PHONES_PAGE_SIZE}`);
