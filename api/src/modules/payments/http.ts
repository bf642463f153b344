// The payments module's routes, registered by app.ts.
export { paymentRoutes } from './routes/payments.ts';
export { walletPaymentRoutes } from './routes/wallet-payments.ts';
export { sslcommerzRoutes } from './routes/sslcommerz.ts';
export { nagadRoutes } from './routes/nagad.ts';
export { paymentReviewRoutes } from './routes/payment-reviews.ts';
