/** Dollars with 2 decimals from cents (spec 9): `$12.50`. */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A day as the spec writes one ("January 26, 2025"), on the user's pages and the admin's alike. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
