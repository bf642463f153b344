// What the search benchmark asks: the queries people type, each with two filters, and what they type on
// the way there. Rotated request by request, so no single query's luck decides the figures.

/** Words (one with a typo) and two filters each; the first is the one whose plan the report prints. */
export const searches = [
  'q=iphone 13&condition=Good&maxPrice=60000',
  'q=samsung galaxy&minPrice=20000&fromYear=2022',
  'q=redmi note 13&condition=Excellent&location=dhaka',
  'q=pixle 7&verified=true&maxPrice=50000',
  'q=oneplus nord&condition=Good&fromYear=2021',
  'q=moto g84 256&maxPrice=30000&verified=true',
].map((query) => query.replaceAll(' ', '+'));

export const explainedSearch = searches[0]!;

/** Filters without words: every listing on sale is counted for the facets. */
export const browses = ['brand={brand}&sort=price_asc', 'condition=Excellent&maxPrice=40000', 'location=chattogram&verified=true'];

/** What people have typed when suggestions are asked for (2 characters and more), typos included. */
export const typed = ['ip', 'iph', 'iphone 1', 'iphone 13 p', 'ga', 'galax', 'galaxy s2', 'samsng', 're', 'redmi no', 'redmi note 13', 'pix', 'pixel 7', 'one', 'oneplus n', 'moto', 'moto g', 'xia', 'poco', 'nokia', 'vivo v', 'oppo re', 'real', 'realme c'];

/** What an admin types to find a buyer among 100,000: common names and part of one (each matches thousands). */
export const adminSearches = ['rahman', 'nusrat+jahan', 'tanvir', 'hossa'];
