import { z } from 'zod';
import { emailSchema } from './common.js';
import { INVALID_CODE_MESSAGE, OAUTH_PROVIDERS, VERIFICATION_CODE_LENGTH } from './constants.js';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const sendVerificationCodeRequestSchema = z.object({ email: emailSchema });
export type SendVerificationCodeRequest = z.infer<typeof sendVerificationCodeRequestSchema>;

export const verifyEmailCodeRequestSchema = z.object({
  email: emailSchema,
  code: z.string().regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), INVALID_CODE_MESSAGE),
});
export type VerifyEmailCodeRequest = z.infer<typeof verifyEmailCodeRequestSchema>;

export const verifyEmailCodeResponseSchema = z.object({ message: z.string(), user: userSchema });
export type VerifyEmailCodeResponse = z.infer<typeof verifyEmailCodeResponseSchema>;

export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);

/** `GET /api/login?provider=google|apple`; without a provider it leads to the sign-in dialog. */
export const loginQuerySchema = z.object({ provider: oauthProviderSchema.optional() });

/**
 * What a provider sends back to its callback (query string or form post): `code`, `state`,
 * `id_token`, `user`, `error`... Anything not a string is dropped.
 */
export const oauthCallbackParamsSchema = z
  .record(z.string(), z.unknown())
  .transform((input) =>
    Object.fromEntries(
      Object.entries(input).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
  );

/** `GET /api/auth/providers`: which sign-in buttons work on this deployment. */
export const authProvidersResponseSchema = z.object({
  google: z.boolean(),
  apple: z.boolean(),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
