import { normalizeEmail } from '@rasma/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { grantSignupCredits, type DbOrTx } from '../credits/ledger.js';

export type UserRow = typeof users.$inferSelect;

export const userNotFound = () => new AppError(404, 'User not found', 'NOT_FOUND');

async function findUser(db: DbOrTx, where: SQL, lock: boolean): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(where).limit(1);
  const [user] = await (lock ? query.for('update') : query);
  return user;
}

function required(user: UserRow | undefined): UserRow {
  if (!user) throw userNotFound();
  return user;
}

/** The user with this id; with `lock`, the row stays locked for the rest of the transaction. */
export const findUserById = (db: DbOrTx, id: string, { lock = false } = {}) =>
  findUser(db, eq(users.id, id), lock);

/** The user with this id (see `findUserById`), or the one 404 "User not found". */
export const requireUserById = async (db: DbOrTx, id: string, options: { lock?: boolean } = {}) =>
  required(await findUserById(db, id, options));

/** The user with this normalized e-mail, or the one 404 "User not found". */
export const requireUserByEmail = async (db: DbOrTx, email: string) =>
  required(await findUser(db, eq(users.email, email), false));

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
    const [created] = await tx
      .insert(users)
      .values({
        email: normalized,
        firstName: profile.firstName ?? null,
        lastName: profile.lastName ?? null,
        profileImageUrl: profile.profileImageUrl ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) await grantSignupCredits(tx, created.id);
  });
  const user = await findUser(db, eq(users.email, normalized), false);
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
  const [updated] = await db
    .update(users)
    .set({ ...missing, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}
