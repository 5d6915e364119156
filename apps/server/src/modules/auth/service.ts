import { OAUTH_PROVIDERS, api, type OAuthProvider } from '@rasma/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { verifyCode, type CodeClient } from './codes.js';
import { OAuthClient, type PendingLogin } from './oauth.js';
import { findOrCreateOAuthUser } from './oauth-accounts.js';
import type { SessionStore } from './session-store.js';
import { findOrCreateUserByEmail, type UserRow } from './users.js';

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface SignInDeps {
  db: Db;
  sessions: SessionStore;
}

/** One client per configured provider, each told the callback URL it sends visitors back to. */
export function createOAuthClients(config: Config): ReadonlyMap<OAuthProvider, OAuthClient> {
  const clients = new Map<OAuthProvider, OAuthClient>();
  for (const provider of OAUTH_PROVIDERS) {
    const settings = config.oauth[provider];
    const callback = provider === 'google' ? api.googleCallback.path : api.appleCallback.path;
    if (settings) {
      clients.set(provider, new OAuthClient(provider, settings, `${config.publicUrl}${callback}`));
    }
  }
  return clients;
}

/** Signs the user in: the visitor's previous session (if any) ends and a fresh one starts. */
export async function startSession(
  sessions: SessionStore,
  userId: string,
  previousToken: string | undefined,
): Promise<NewSession> {
  if (previousToken) await sessions.delete(previousToken);
  return sessions.create(userId);
}

/** Sign-in by e-mail code: the code is checked, the user found or created, a session started. */
export async function signInWithCode(
  { db, sessions, secret }: SignInDeps & { secret: string },
  attempt: { email: string; code: string; client: CodeClient; previousToken: string | undefined },
): Promise<{ user: UserRow; session: NewSession }> {
  await verifyCode(db, secret, attempt.email, attempt.code, attempt.client);
  const user = await findOrCreateUserByEmail(db, attempt.email);
  return { user, session: await startSession(sessions, user.id, attempt.previousToken) };
}

export type OAuthSignIn =
  | { signedIn: true; session: NewSession }
  /** `failure` says what went wrong for the log; the visitor is only asked to sign in again. */
  | { signedIn: false; failure: string; reason?: string };

/**
 * The end of an OAuth sign-in: the provider's answer must belong to the sign-in this browser
 * started (its pending login), then the user behind the identity is found or created and signed in.
 */
export async function finishOAuthSignIn(
  { db, sessions, clients }: SignInDeps & { clients: ReadonlyMap<OAuthProvider, OAuthClient> },
  attempt: {
    provider: OAuthProvider;
    pending: PendingLogin | undefined;
    params: Record<string, string>;
    previousToken: string | undefined;
  },
): Promise<OAuthSignIn> {
  const { provider, pending } = attempt;
  const client = clients.get(provider);
  if (!client || !pending || pending.provider !== provider) {
    return { signedIn: false, failure: 'OAuth callback without a matching sign-in in progress' };
  }
  try {
    const identity = await client.finish(pending, attempt.params);
    const user = await findOrCreateOAuthUser(db, provider, identity);
    return {
      signedIn: true,
      session: await startSession(sessions, user.id, attempt.previousToken),
    };
  } catch (err) {
    return { signedIn: false, failure: 'OAuth sign-in failed', reason: (err as Error).message };
  }
}
