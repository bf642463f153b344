// The catalog module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { createPhotoService, type PhotoRef, type PhotoService } from './photos/service.ts';
export { createPhotoStore } from './photos/store.ts';
export { type CatalogRepository, createCatalogRepository, type ProductRow } from './repositories/catalog.ts';
export { createPhotosRepository, photoRefsOf, type PhotosRepository } from './repositories/photos.ts';
export { createPriceGuideRepository } from './repositories/price-guide.ts';
export { ownListingOnSale } from './routes/own-listing.ts';
export { publicListing } from './routes/public-listing.ts';
export { createShareCards } from './share-card/service.ts';
export { createSitemaps } from './sitemap/sitemap.ts';
