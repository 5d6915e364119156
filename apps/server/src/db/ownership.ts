import { and, eq } from 'drizzle-orm';
import { AppError } from '../errors.js';
import type { Db } from './client.js';
import { images, projects, videos } from './schema.js';

/**
 * The rows a person owns, by kind: each table has the owner in `user_id`, and each kind the one 404
 * its feature answers (the same for someone else's row as for none: nothing says that it exists).
 */
const OWNED = {
  project: { table: projects, message: 'Project not found' },
  video: { table: videos, message: 'Video not found' },
  image: { table: images, message: 'Image not found' },
} as const;

export type OwnedKind = keyof typeof OWNED;
export type OwnedRow<K extends OwnedKind> = (typeof OWNED)[K]['table']['$inferSelect'];

/** The 404 of a user row that is not there (a session outliving its account, an admin's lookup). */
export const userNotFound = () => new AppError(404, 'User not found', 'NOT_FOUND');

/** The 404 of a kind of row, for a caller that learns of the miss another way (an update). */
export const notFoundOf = (kind: OwnedKind) => new AppError(404, OWNED[kind].message, 'NOT_FOUND');

/** The row `id` of this kind when `userId` owns it; undefined when it is someone else's or none. */
export async function findOwned<K extends OwnedKind>(
  db: Pick<Db, 'select'>,
  kind: K,
  userId: string,
  id: string,
): Promise<OwnedRow<K> | undefined> {
  // One query for every kind: the tables share the two columns it reads.
  const table = OWNED[kind].table as typeof projects;
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .limit(1);
  return row;
}

/**
 * "This row belongs to this user" (immich's `requireAccess`): the row `id` of this kind when
 * `userId` owns it, else the kind's 404.
 */
export async function requireOwned<K extends OwnedKind>(
  db: Pick<Db, 'select'>,
  kind: K,
  userId: string,
  id: string,
): Promise<OwnedRow<K>> {
  const row = await findOwned(db, kind, userId, id);
  if (!row) throw notFoundOf(kind);
  return row;
}
