import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../http/guards.js';
import {
  deleteSession,
  deleteSessionsExpiredBy,
  insertSession,
  liveSessionUser,
} from './queries.js';
import { isAdmin, type UserRow } from './users.js';

/** The session's user with the profile `/api/auth/user` shows. */
export interface SessionProfile extends SessionUser {
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a session lookup is reused. Sign-out and rotation in this process clear it at once;
 * a sign-out in another process (or an admin grant) shows here within this time.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

export const toSessionProfile = (
  user: UserRow,
  adminEmails: ReadonlySet<string>,
): SessionProfile => ({
  id: user.id,
  email: user.email,
  role: isAdmin(user, adminEmails) ? 'admin' : 'user',
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface CachedSession {
  profile: SessionProfile;
  expiresAt: number;
  cachedUntil: number;
}

/**
 * Sessions live in the database (only the token's hash is stored); lookups are cached in-process for
 * a few seconds so a request that needs only the signed-in user does not wait on the database.
 */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();

  constructor(
    private readonly db: Db,
    private readonly adminEmails: ReadonlySet<string>,
  ) {}

  /** Starts a session; the token goes in the cookie, only its hash in the database. */
  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await insertSession(this.db, { id: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  async delete(token: string): Promise<void> {
    const id = hashToken(token);
    this.cache.delete(id);
    await deleteSession(this.db, id);
  }

  /** Removes the sessions expired by `now`, in the database and in this process's cache. */
  async deleteExpired(now: Date): Promise<void> {
    await deleteSessionsExpiredBy(this.db, now);
    for (const [id, entry] of this.cache) {
      if (entry.expiresAt < now.getTime()) this.cache.delete(id);
    }
  }

  async findUser(token: string): Promise<SessionUser | undefined> {
    const profile = await this.findProfile(token);
    return profile && { id: profile.id, email: profile.email, role: profile.role };
  }

  async findProfile(token: string): Promise<SessionProfile | undefined> {
    const id = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(id);
    if (cached && cached.cachedUntil > now && cached.expiresAt > now) return cached.profile;
    this.cache.delete(id);

    const row = await liveSessionUser(this.db, id, new Date(now));
    if (!row) return undefined;
    const profile = toSessionProfile(row.user, this.adminEmails);
    if (this.cache.size >= SESSION_CACHE_MAX) this.evictOldest();
    this.cache.set(id, {
      profile,
      expiresAt: row.expiresAt.getTime(),
      cachedUntil: now + SESSION_CACHE_TTL_MS,
    });
    return profile;
  }

  private evictOldest(): void {
    const oldest = this.cache.keys().next();
    if (!oldest.done) this.cache.delete(oldest.value);
  }
}
