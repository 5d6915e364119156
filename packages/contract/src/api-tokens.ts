import { z } from 'zod';
import { isoDateSchema, singleLineTextSchema } from './common.js';

/**
 * What a personal API token may do. An endpoint names the one scope a token needs to call it
 * (`Endpoint.tokenScope`); an endpoint without one (the account page, payments, admin) is for a
 * signed-in browser session only.
 */
export const TOKEN_SCOPES = ['videos:read', 'videos:create', 'projects'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

/** How the account page and the API description name each scope. */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  'videos:read': 'Read videos: list them, follow their progress, stream and download them',
  'videos:create': 'Create videos (spending your credits), make exports and delete videos',
  projects: 'Manage projects: create, read, save and delete them and their files',
};

/**
 * A token is this prefix and 32 random bytes in base64url (43 characters): the prefix lets secret
 * scanners find a leaked token; the server keeps only its SHA-256.
 */
export const API_TOKEN_PREFIX = 'rasma_pat_';
export const API_TOKEN_PATTERN = /^rasma_pat_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_LIMITS = {
  /** Live (unrevoked) tokens a person may have at once. */
  maxPerUser: 20,
  nameMaxLength: 60,
  /** Requests one token may make in a window; past it, 429 with `Retry-After`. */
  requestsPerWindow: 120,
  windowSeconds: 60,
  /** How many leading characters of a token the account page shows to tell tokens apart. */
  shownPrefixLength: API_TOKEN_PREFIX.length + 4,
} as const;

export const API_TOKEN_MESSAGES = {
  invalid: 'The API token is not valid: it is mistyped, revoked or belongs to a deleted account',
  missingScope: (scope: TokenScope) => `This API token lacks the "${scope}" scope`,
  sessionOnly: 'This call is for the signed-in website only; API tokens cannot make it',
  tooMany: `You already have ${API_TOKEN_LIMITS.maxPerUser} API tokens: revoke one before creating another`,
  rateLimited: (seconds: number) =>
    `Too many requests with this API token; try again in ${seconds} seconds`,
} as const;

export const createApiTokenRequestSchema = z.object({
  name: singleLineTextSchema
    .trim()
    .min(1, 'Give the token a name')
    .max(
      API_TOKEN_LIMITS.nameMaxLength,
      `A token's name has at most ${API_TOKEN_LIMITS.nameMaxLength} characters`,
    ),
  scopes: z
    .array(tokenScopeSchema)
    .min(1, 'Choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(tokenScopeSchema),
  /** The token's first characters (`API_TOKEN_LIMITS.shownPrefixLength`), never the rest. */
  prefix: z.string(),
  createdAt: isoDateSchema,
  /** Updated at most once a minute; null until first used. */
  lastUsedAt: isoDateSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The only answer that carries the token itself: it is shown once. */
export const createApiTokenResponseSchema = z.object({
  token: z.string().regex(API_TOKEN_PATTERN),
  apiToken: apiTokenSchema,
});
export const apiTokenIdParamsSchema = z.object({ id: z.uuid('Not a token id') });
