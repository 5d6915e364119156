import type { ContactRequest } from '@rasma/contract';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';

export async function saveContactMessage(
  db: Db,
  input: ContactRequest,
  userId: string | undefined,
): Promise<void> {
  await db.insert(contactMessages).values({
    userId: userId ?? null,
    email: input.email ? input.email.toLowerCase() : null,
    message: input.message,
  });
}
