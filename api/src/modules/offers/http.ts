// The offers module's routes, registered by app.ts.
export { offerRoutes } from './routes/offers.ts';
