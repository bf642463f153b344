// The search module's routes, registered by app.ts.
export { savedSearchRoutes } from './routes/saved-searches.ts';
export { searchRoutes } from './routes/search.ts';
export { watchRoutes } from './routes/watches.ts';
