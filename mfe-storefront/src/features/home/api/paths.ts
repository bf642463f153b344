// The home page's public reads, named once: its loader requests them, and the build lists them in preload.json
// (vite.config.ts), so the shell can start them alongside the page's code. Imports nothing, for the config's sake.
export const ADVERTISED_LIMIT = 12;
export const homePaths = {
  categories: '/categories',
  advertised: `/advertised?limit=${ADVERTISED_LIMIT}`,
  /** PhoneHaat's fee, which the banner states (issue 33). */
  fees: '/fees',
} as const;
