/**
 * The id of the JSON script in every page the shell's server sends: the pages of the releases this visitor's manifest
 * names (issue 67: shell/server/release-pages.ts), which the app routes to (a page without it asks /pages.json).
 */
export const PAGES_SCRIPT_ID = 'phonehaat-pages';
