/**
 * Client routes of spec 2.1 (no route has parameters). The web app's route maps are typed by these,
 * so a page cannot be missing from, or added beside, the table.
 */
export type PublicRoute =
  '/' | '/try-now' | '/about' | '/how-to' | '/contact' | '/terms' | '/privacy';
export type SignedInOnlyRoute =
  '/process' | '/credits' | '/admin' | '/admin/analytics' | '/admin/users';
