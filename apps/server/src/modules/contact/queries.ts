import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';

/** Keeps a delivered contact-form message. */
export async function saveContactMessage(
  db: Db,
  message: typeof contactMessages.$inferInsert,
): Promise<void> {
  await db.insert(contactMessages).values(message);
}
