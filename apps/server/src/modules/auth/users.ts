import { normalizeEmail } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { userNotFound } from '../../db/ownership.js';
import { grantSignupCredits, type DbOrTx } from '../credits/ledger.js';
import { insertUserIfNew, updateProfile, userByEmail, userById, type UserRow } from './queries.js';

export type { UserRow };

function required(user: UserRow | undefined): UserRow {
  if (!user) throw userNotFound();
  return user;
}

/** The user with this id; with `lock`, the row stays locked for the rest of the transaction. */
export const findUserById = (db: DbOrTx, id: string, { lock = false } = {}) =>
  userById(db, id, lock);

/** The user with this id (see `findUserById`), or the one 404 "User not found". */
export const requireUserById = async (db: DbOrTx, id: string, options: { lock?: boolean } = {}) =>
  required(await findUserById(db, id, options));

/** The user with this normalized e-mail, or the one 404 "User not found". */
export const requireUserByEmail = async (db: DbOrTx, email: string) =>
  required(await userByEmail(db, email));

/** Administrators: flagged in the database (admin CLI) or listed in ADMIN_EMAILS. */
export function isAdmin(user: UserRow, adminEmails: ReadonlySet<string>): boolean {
  return user.isAdmin || adminEmails.has(user.email);
}

export interface Profile {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  profileImageUrl?: string | null | undefined;
}

/**
 * The user with this e-mail, created on first sign-in with the sign-up grant; a profile only fills
 * empty fields.
 */
export async function findOrCreateUserByEmail(
  db: Db,
  email: string,
  profile: Profile = {},
): Promise<UserRow> {
  const normalized = normalizeEmail(email);
  // A new account and its first-week credits land together.
  await db.transaction(async (tx) => {
    const created = await insertUserIfNew(tx, {
      email: normalized,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      profileImageUrl: profile.profileImageUrl ?? null,
    });
    if (created) await grantSignupCredits(tx, created);
  });
  const user = await userByEmail(db, normalized);
  if (!user) throw new Error('user vanished right after upsert');
  const missing = {
    ...(user.firstName ? {} : profile.firstName ? { firstName: profile.firstName } : {}),
    ...(user.lastName ? {} : profile.lastName ? { lastName: profile.lastName } : {}),
    ...(user.profileImageUrl
      ? {}
      : profile.profileImageUrl
        ? { profileImageUrl: profile.profileImageUrl }
        : {}),
  };
  if (Object.keys(missing).length === 0) return user;
  return (await updateProfile(db, user.id, missing)) ?? user;
}
