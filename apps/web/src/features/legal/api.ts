import { plainQuery } from '@/lib/plain-endpoints';

/** The server's public configuration (the support address), read without the schemas. */
export const siteInfoQuery = plainQuery('siteInfo');
