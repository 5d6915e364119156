/**
 * Client routes of spec 2.1 (no route has parameters). The web app's route maps are typed by these,
 * so a page cannot be missing from, or added beside, the table; the server answers any other path
 * with a 404 status (the web app then shows its 404 page).
 */
export const PUBLIC_ROUTES = [
  '/',
  '/try-now',
  '/about',
  '/how-to',
  '/contact',
  '/terms',
  '/privacy',
  '/developers',
] as const;
export type PublicRoute = (typeof PUBLIC_ROUTES)[number];
export const SIGNED_IN_ONLY_ROUTES = [
  '/process',
  '/credits',
  '/account',
  '/admin',
  '/admin/analytics',
  '/admin/users',
] as const;
export type SignedInOnlyRoute = (typeof SIGNED_IN_ONLY_ROUTES)[number];

const CLIENT_ROUTES: ReadonlySet<string> = new Set([...PUBLIC_ROUTES, ...SIGNED_IN_ONLY_ROUTES]);
/** Whether a path is a page of either table (a trailing slash is the same page). */
export const isClientRoute = (pathname: string): boolean =>
  CLIENT_ROUTES.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
