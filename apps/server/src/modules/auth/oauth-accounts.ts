import { and, eq } from 'drizzle-orm';
import type { OAuthProvider } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { oauthAccounts, users } from '../../db/schema.js';
import type { OAuthIdentity } from './oauth.js';
import { findOrCreateUserByEmail, type UserRow } from './users.js';

/** The user behind a provider identity: by its link first, else by e-mail (then linked). */
export async function findOrCreateOAuthUser(
  db: Db,
  provider: OAuthProvider,
  identity: OAuthIdentity,
): Promise<UserRow> {
  const [linked] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, identity.subject)))
    .limit(1);
  if (linked) return linked.user;

  const user = await findOrCreateUserByEmail(db, identity.email, {
    firstName: identity.firstName,
    lastName: identity.lastName,
    profileImageUrl: identity.pictureUrl,
  });
  await db
    .insert(oauthAccounts)
    .values({ provider, subject: identity.subject, userId: user.id })
    .onConflictDoNothing();
  return user;
}
