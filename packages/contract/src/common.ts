import { z } from 'zod';
import { EMAIL_PATTERN, ERROR_CODES, INVALID_EMAIL_MESSAGE } from './constants.js';

/**
 * Every error leaves the server as `{ message, code }`: the spec's clients show `message`, ours
 * decide by `code`.
 */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Dates travel as ISO 8601 strings. */
export const isoDateSchema = z.iso.datetime({ offset: true });

/**
 * What the server accepts: a plain address and nothing a mailer would read as more (no display name,
 * quotes, brackets, commas or control characters), so the string that is rate-limited, stored and
 * mailed to is one and the same inbox.
 */
const PLAIN_ADDRESS = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;
/** An e-mail address in its one form, as it is stored, compared and mailed to. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** An e-mail in its one canonical form: trimmed, lower-cased, a plain address. */
export const emailSchema = z
  .string()
  .overwrite(normalizeEmail)
  .max(254, INVALID_EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
  .regex(PLAIN_ADDRESS, INVALID_EMAIL_MESSAGE);

/** Control characters other than tab and line breaks (NUL, escape, C1...): never in text we keep. */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]/u;
const NO_CONTROL_CHARACTERS = 'Text must not contain control characters';
/** Free text from a person (a message, a reason): refuses control characters with a clear message. */
export const plainTextSchema = z
  .string()
  .refine((text) => !CONTROL_CHARACTERS.test(text), NO_CONTROL_CHARACTERS);

/**
 * One line (a file name, which becomes a title; a page's path; an e-mail to look up): no control
 * characters at all, not even a tab or a line break.
 */
export const singleLineTextSchema = z
  .string()
  .refine((text) => !/\p{Cc}/u.test(text), NO_CONTROL_CHARACTERS);

/** A positive page number from a query string (`?page=2`), default 1. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
