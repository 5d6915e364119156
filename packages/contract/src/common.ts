import { z } from 'zod';

/** Every error leaves the server as `{ message }`; the spec's clients read `message`. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Dates travel as ISO 8601 strings. */
export const isoDateSchema = z.string().datetime({ offset: true });

/** Spec 5: non-space text, an @, text, a dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, 'Please enter a valid email address');

/** A positive page number from a query string (`?page=2`), default 1. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
