// The trust module's routes, registered by app.ts.
export { imeiRoutes } from './routes/imeis.ts';
export { reportRoutes } from './routes/reports.ts';
export { reviewRoutes } from './routes/reviews.ts';
