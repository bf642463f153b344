// The catalog module's routes, registered by app.ts.
export { catalogChangeRoutes } from './routes/catalog-changes.ts';
export { catalogRoutes } from './routes/catalog.ts';
export { photoRoutes } from './routes/photos.ts';
export { priceGuideRoutes } from './routes/price-guide.ts';
export { shareImageRoutes } from './routes/share-image.ts';
export { sitemapRoutes } from './routes/sitemap.ts';
