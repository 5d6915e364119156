import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreateApiTokenRequest,
} from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { ApiTokenUser } from '../../http/guards.js';
import { hitRateLimit, type RateLimit } from '../../limits/rate-limiter.js';
import { isAdmin, requireUserById } from '../auth/users.js';
import {
  countLiveTokens,
  insertApiToken,
  liveTokenByHash,
  liveTokensOf,
  noteTokenUse,
  revokeLiveToken,
  type ApiTokenRow,
} from './queries.js';

/** `last_used_at` moves at most this often: one write a minute per busy token, not one a request. */
const LAST_USED_PRECISION_MS = 60_000;

const RATE_LIMIT: RateLimit = {
  max: API_TOKEN_LIMITS.requestsPerWindow,
  windowMs: API_TOKEN_LIMITS.windowSeconds * 1000,
  message: API_TOKEN_MESSAGES.rateLimited(API_TOKEN_LIMITS.windowSeconds),
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  return (await liveTokensOf(db, userId)).map(toApiToken);
}

/** A new token: the only time it exists in clear is this answer. */
export async function createApiToken(
  db: Db,
  userId: string,
  { name, scopes }: CreateApiTokenRequest,
): Promise<{ token: string; apiToken: ApiToken }> {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    // The person's row, locked: two creates at once cannot both pass the count.
    await requireUserById(tx, userId, { lock: true });
    if ((await countLiveTokens(tx, userId)) >= API_TOKEN_LIMITS.maxPerUser) {
      throw new AppError(409, API_TOKEN_MESSAGES.tooMany, 'TOO_MANY_TOKENS');
    }
    return insertApiToken(tx, {
      userId,
      name,
      scopes,
      tokenHash: hashToken(token),
      prefix: token.slice(0, API_TOKEN_LIMITS.shownPrefixLength),
    });
  });
  return { token, apiToken: toApiToken(row) };
}

export async function revokeApiToken(db: Db, userId: string, id: string): Promise<void> {
  if (!(await revokeLiveToken(db, userId, id))) {
    throw new AppError(404, 'API token not found', 'NOT_FOUND');
  }
}

export interface ApiTokenAuthDeps {
  db: Db;
  adminEmails: ReadonlySet<string>;
}

/**
 * The owner of a live token, looked up in the database on every call (no cache: a token revoked on
 * one process is refused at once by all of them); undefined for anything else.
 */
export async function findApiTokenUser(
  { db, adminEmails }: ApiTokenAuthDeps,
  token: string,
): Promise<ApiTokenUser | undefined> {
  if (!API_TOKEN_PATTERN.test(token)) return undefined;
  const found = await liveTokenByHash(db, hashToken(token));
  if (!found) return undefined;
  const { user } = found;
  return {
    user: { id: user.id, email: user.email, role: isAdmin(user, adminEmails) ? 'admin' : 'user' },
    token: { id: found.token.id, scopes: found.token.scopes },
  };
}

/** Counts one request of the token against its limit (429 past it) and notes its use. */
export async function useApiToken(db: Db, tokenId: string): Promise<void> {
  await hitRateLimit(db, `api-token:${tokenId}`, RATE_LIMIT);
  await noteTokenUse(db, tokenId, new Date(Date.now() - LAST_USED_PRECISION_MS));
}
