/** Client routes of spec 2.1. No route has parameters. */
export const PUBLIC_ROUTES = [
  '/',
  '/try-now',
  '/about',
  '/how-to',
  '/contact',
  '/terms',
  '/privacy',
] as const;
export const SIGNED_IN_ONLY_ROUTES = [
  '/process',
  '/credits',
  '/admin',
  '/admin/analytics',
  '/admin/users',
] as const;
export const CLIENT_ROUTES = [...PUBLIC_ROUTES, ...SIGNED_IN_ONLY_ROUTES] as const;
export type ClientRoute = (typeof CLIENT_ROUTES)[number];
