// The search module's public entry: what other modules and the API's composition (services.ts, app.ts) may use of it.
export { createSavedSearchesRepository } from './repositories/saved-searches.ts';
export { createSearchRepository } from './repositories/search.ts';
export { createWatchesRepository } from './repositories/watches.ts';
export { createDigest } from './saved-searches/digest.ts';
export { createMatcher } from './saved-searches/matcher.ts';
export { createSearchService } from './search-service.ts';
