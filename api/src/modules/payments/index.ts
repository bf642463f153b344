// The payments module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { createStripeGateway, type PaymentGateway } from './gateway.ts';
export { createBkashRecords, createPayoutRail, createNagadRecords, createRefundRails, createSslcommerzRecords, createWalletMethods } from './methods/index.ts';
export { type ConfirmedPayment, type RefundGiven } from './methods/types.ts';
export { createWalletPaymentsRepository } from './repositories/wallet-payments.ts';
export { createSettlement, type Refunder } from './settlement.ts';
export { createWalletCheckout } from './wallet-checkout.ts';
export { createPaymentReviews, type PaymentReviews } from './payment-reviews.ts';
export { createRefundFollower } from './refund-follower.ts';
