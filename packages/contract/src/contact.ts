import { z } from 'zod';
import { emailSchema, plainTextSchema } from './common.js';

export const EMPTY_CONTACT_MESSAGE = 'Please write a message before sending.';
/** The message could not be e-mailed to support (nothing was kept): the sender may send it again. */
export const CONTACT_SEND_FAILED_MESSAGE = 'Failed to send message. Please try again.';

export const contactRequestSchema = z.object({
  email: z.union([z.literal(''), emailSchema]).optional(),
  message: plainTextSchema.trim().min(1, EMPTY_CONTACT_MESSAGE).max(10_000),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/**
 * What the public pages need from the server's configuration: the support address to show, null
 * when none is configured in production.
 */
export const siteInfoResponseSchema = z.object({ supportEmail: z.string().nullable() });
export type SiteInfoResponse = z.infer<typeof siteInfoResponseSchema>;
