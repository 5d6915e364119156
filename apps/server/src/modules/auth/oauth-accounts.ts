import type { OAuthProvider } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import type { OAuthIdentity } from './oauth.js';
import { linkOAuthIdentity, userOfOAuthIdentity } from './queries.js';
import { findOrCreateUserByEmail, type UserRow } from './users.js';

/** The user behind a provider identity: by its link first, else by e-mail (then linked). */
export async function findOrCreateOAuthUser(
  db: Db,
  provider: OAuthProvider,
  identity: OAuthIdentity,
): Promise<UserRow> {
  const linked = await userOfOAuthIdentity(db, provider, identity.subject);
  if (linked) return linked;

  const user = await findOrCreateUserByEmail(db, identity.email, {
    firstName: identity.firstName,
    lastName: identity.lastName,
    profileImageUrl: identity.pictureUrl,
  });
  await linkOAuthIdentity(db, { provider, subject: identity.subject, userId: user.id });
  return user;
}
