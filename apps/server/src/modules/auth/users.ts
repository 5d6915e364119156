import { normalizeEmail } from '@rasma/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { grantSignupCredits } from '../credits/ledger.js';

export type UserRow = typeof users.$inferSelect;

export const userNotFound = () => new AppError(404, 'User not found', 'NOT_FOUND');

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
  const [user] = await db.select().from(users).where(eq(users.email, normalized)).limit(1);
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
