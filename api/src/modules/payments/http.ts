// The payments module's routes, registered by app.ts.
export { paymentRoutes } from './routes/payments.ts';
export { walletPaymentRoutes } from './routes/wallet-payments.ts';
