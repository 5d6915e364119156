import { apiQueryKey, useApiQuery } from '@/lib/api-query';
import { api } from '@/lib/contract';

/** The upload feature's cache entries. */
export const uploadKeys = {
  /** The images the person's videos were made from, newest first. */
  images: apiQueryKey(api.images),
} as const;

export const useRecentImages = () => useApiQuery(api.images);
