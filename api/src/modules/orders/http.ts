// The orders module's routes, registered by app.ts.
export { bookingRoutes } from './routes/bookings.ts';
export { deliveryRoutes } from './routes/delivery.ts';
export { disputeRoutes } from './routes/disputes.ts';
export { earningsRoutes } from './routes/earnings.ts';
export { feeRoutes } from './routes/fees.ts';
export { handoverRoutes } from './routes/handover.ts';
export { neirRoutes } from './routes/neir.ts';
