/** Dollars with 2 decimals from cents (spec 9), as the server writes them too. */
export { formatCents } from '@rasma/contract/constants';

/** A day as the spec writes one ("January 26, 2025"), on the user's pages and the admin's alike. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** A moment: its day as above and its time of day ("January 26, 2025, 3:05 PM"). */
export const formatDateTime = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
