import type { OAuthProvider } from '@rasma/contract';
import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { emailVerificationCodes, oauthAccounts, sessions, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type VerificationCodeRow = typeof emailVerificationCodes.$inferSelect;

// Users: the row and who the person is. (Its balance is the credits module's, its plan and the
// payment provider's ids the billing module's: each module writes the columns it owns.)

async function userWhere(db: DbOrTx, where: SQL, lock: boolean): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(where).limit(1);
  const [user] = await (lock ? query.for('update') : query);
  return user;
}

/** The user with this id; with `lock`, the row stays locked for the rest of the transaction. */
export const userById = (db: DbOrTx, id: string, lock: boolean) =>
  userWhere(db, eq(users.id, id), lock);

/** The user with this normalized e-mail. */
export const userByEmail = (db: DbOrTx, email: string) =>
  userWhere(db, eq(users.email, email), false);

/** Inserts a user unless the e-mail has one; the new user's id, or undefined when it existed. */
export async function insertUserIfNew(
  tx: DbOrTx,
  user: Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'profileImageUrl'>,
): Promise<string | undefined> {
  const [created] = await tx
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created?.id;
}

/** Sets profile fields of the user; the row as it now stands. */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  fields: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'profileImageUrl'>>,
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Grants or revokes the administrator flag; the e-mails it changed (none: no such user). */
export async function setAdminFlag(db: Db, email: string, isAdmin: boolean): Promise<string[]> {
  const updated = await db
    .update(users)
    .set({ isAdmin, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ email: users.email });
  return updated.map((row) => row.email);
}

export async function countUsers(db: Db): Promise<number> {
  const [totals] = await db.select({ n: count() }).from(users);
  return totals?.n ?? 0;
}

/** Every user, newest first, the rows of one page. */
export const usersPage = (db: Db, page: { limit: number; offset: number }) =>
  db
    .select()
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);

// Sessions (only the token's hash is stored).

export async function insertSession(
  db: Db,
  session: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteSessionsExpiredBy(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** The user of the session with this id, and when it expires, while it is live at `now`. */
export async function liveSessionUser(
  db: Db,
  id: string,
  now: Date,
): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

// Provider identities linked to users.

export async function userOfOAuthIdentity(
  db: Db,
  provider: OAuthProvider,
  subject: string,
): Promise<UserRow | undefined> {
  const [linked] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)))
    .limit(1);
  return linked?.user;
}

export async function linkOAuthIdentity(
  db: Db,
  link: { provider: OAuthProvider; subject: string; userId: string },
): Promise<void> {
  await db.insert(oauthAccounts).values(link).onConflictDoNothing();
}

// Sign-in codes.

export async function insertVerificationCode(
  db: Db,
  code: Pick<
    typeof emailVerificationCodes.$inferInsert,
    'email' | 'codeHash' | 'requestIp' | 'clientHash' | 'expiresAt'
  >,
): Promise<string | undefined> {
  const [row] = await db
    .insert(emailVerificationCodes)
    .values(code)
    .returning({ id: emailVerificationCodes.id });
  return row?.id;
}

/** Makes one code unusable (an undelivered one). */
export async function consumeCode(db: Db, id: string): Promise<void> {
  await db
    .update(emailVerificationCodes)
    .set({ consumedAt: new Date() })
    .where(eq(emailVerificationCodes.id, id));
}

/**
 * The e-mail's live codes a browser may try, locked for the transaction: those asked for with its
 * nonce's hash, and those from before browsers were recorded (null hash); without a nonce, only
 * those.
 */
export function lockLiveCodes(
  tx: DbOrTx,
  email: string,
  clientHash: string | undefined,
  maxFailedAttempts: number,
): Promise<VerificationCodeRow[]> {
  const client = emailVerificationCodes.clientHash;
  return tx
    .select()
    .from(emailVerificationCodes)
    .where(
      and(
        eq(emailVerificationCodes.email, email),
        isNull(emailVerificationCodes.consumedAt),
        gt(emailVerificationCodes.expiresAt, new Date()),
        lt(emailVerificationCodes.failedAttempts, maxFailedAttempts),
        clientHash ? or(eq(client, clientHash), isNull(client)) : isNull(client),
      ),
    )
    .for('update');
}

/** Voids every live code of the e-mail (one was used). */
export async function consumeCodesOf(tx: DbOrTx, email: string): Promise<void> {
  await tx
    .update(emailVerificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailVerificationCodes.email, email), isNull(emailVerificationCodes.consumedAt)));
}

/** Counts one wrong try against each of these codes. */
export async function countFailedAttempt(tx: DbOrTx, ids: string[]): Promise<void> {
  await tx
    .update(emailVerificationCodes)
    .set({ failedAttempts: sql`${emailVerificationCodes.failedAttempts} + 1` })
    .where(inArray(emailVerificationCodes.id, ids));
}

/** Deletes the codes that expired, or were made, before `cutoff`. */
export async function deleteCodesBefore(db: Db, cutoff: Date): Promise<void> {
  await db
    .delete(emailVerificationCodes)
    .where(
      or(
        lt(emailVerificationCodes.expiresAt, cutoff),
        lt(emailVerificationCodes.createdAt, cutoff),
      ),
    );
}
