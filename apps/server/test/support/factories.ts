import type { Db } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { SESSION_COOKIE } from '../../src/modules/auth/plugin.js';
import { SessionStore } from '../../src/modules/auth/session-store.js';

let counter = 0;

export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({ email: `user${counter}-${Date.now()}@example.com`, ...values })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/** A signed-in user and the Cookie header that carries their session. */
export async function createSignedInUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(db, values);
  const { token } = await new SessionStore(db, new Set()).create(user.id);
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
}
