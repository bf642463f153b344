// The orders module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { createCashCollection } from './courier/cash.ts';
export { createDelivery } from './courier/delivery.ts';
export { createCourier } from './courier/index.ts';
export { createReturnRefunds } from './courier/returns.ts';
export { createSettlements } from './courier/settlement.ts';
export { createDisputes } from './escrow/disputes.ts';
export { createEscrow, type Escrow } from './escrow/escrow.ts';
export { account, post } from './escrow/ledger.ts';
export { createPayouts, type PayoutRail } from './escrow/payouts.ts';
export { type BkashRecords, type GatewayRecords, createMoneyOverview } from './escrow/reconciliation.ts';
export { type BookingRecord, createBookingsRepository } from './repositories/bookings.ts';
export { createDisputesRepository } from './repositories/disputes.ts';
export { createParcelsRepository } from './repositories/parcels.ts';
export { payableBooking } from './routes/booking-access.ts';
export { createNeirRepository } from './repositories/neir.ts';
export { createNeirSteps } from './escrow/neir.ts';
