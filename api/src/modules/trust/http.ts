// The trust module's routes, registered by app.ts.
export { imeiRoutes } from './routes/imeis.ts';
export { reportRoutes } from './routes/reports.ts';
export { reviewRoutes } from './routes/reviews.ts';
export { deviceCheckPageRoutes, deviceCheckRoutes } from './routes/device-checks.ts';
export { holdRoutes } from './routes/holds.ts';
