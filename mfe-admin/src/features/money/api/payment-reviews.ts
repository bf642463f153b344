import { api, useApiQuery } from '@phonehaat/shared-data';

/** Payments held for review (issue 69): SSLCommerz's risky ones, and validations that did not match. */
export const usePaymentReviews = () => useApiQuery('listPaymentReviews');

/** Accepts a held payment (the sale is recorded) or refunds it in full through its provider. */
export const decidePaymentReview = (id: string, decision: 'accept' | 'refund') => api.decidePaymentReview({ params: { id }, body: { decision } });

/** What a decision changes: the held list, and the ledger's figures. */
export const REVIEW_CHANGES = ['listPaymentReviews', 'getMoneyOverview'] as const;
