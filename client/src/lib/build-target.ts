/**
 * Whether this is the mobile site's browser build (`vite build --mode mobile`, vite.config.ts
 * MOBILE_MODE; issue 14). A constant there, so what only desktop pages render is left out of the
 * phone's first load. Dev, tests and the server renderer, which renders both sites, see false.
 */
export const MOBILE_BUILD = import.meta.env.MODE === 'mobile';
