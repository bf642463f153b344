import { api } from '@phonehaat/shared-data';

export const REVIEWS_PAGE_SIZE = 10;
export const PHONES_PAGE_SIZE = 12;

/** A seller as buyers see them. */
export const getSeller = (id: string) => api.getSellerProfile({ params: { id } });

/** One page of their reviews, newest first. */
export const getSellerReviews = (id: string, page = 1) => api.listSellerReviews({ params: { id }, query: { page, limit: REVIEWS_PAGE_SIZE } });

/** Their phones on sale, newest first. */
export const getSellerPhones = (id: string, page = 1) => api.listSellerPhones({ params: { id }, query: { page, limit: PHONES_PAGE_SIZE } });
