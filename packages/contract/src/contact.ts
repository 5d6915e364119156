import { z } from 'zod';
import { emailSchema, plainTextSchema } from './common.js';

export const contactRequestSchema = z.object({
  email: z.union([z.literal(''), emailSchema]).optional(),
  message: plainTextSchema.trim().min(1, 'Please write a message before sending.').max(10_000),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/**
 * What the public pages need from the server's configuration: the support address to show, null
 * when none is configured in production.
 */
export const siteInfoResponseSchema = z.object({ supportEmail: z.string().nullable() });
export type SiteInfoResponse = z.infer<typeof siteInfoResponseSchema>;
