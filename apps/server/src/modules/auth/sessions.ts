import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import type { UserRow } from './users.js';

export const SESSION_COOKIE = 'rasma_session';
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session; the returned token goes in the cookie, only its hash in the database. */
export async function createSession(
  db: Db,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(
  db: Db,
  token: string | undefined,
): Promise<UserRow | undefined> {
  if (!token) return undefined;
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.user;
}

async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export interface SessionCookieOptions {
  secure: boolean;
}

/** Signs the user in: the visitor's previous session (if any) ends and a fresh one starts. */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  options: SessionCookieOptions,
): Promise<void> {
  await deleteSession(db, request.cookies[SESSION_COOKIE]);
  const { token, expiresAt } = await createSession(db, userId);
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    expires: expiresAt,
  });
}

export async function endSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  options: SessionCookieOptions,
) {
  await deleteSession(db, request.cookies[SESSION_COOKIE]);
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
  });
}
