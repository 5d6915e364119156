import type { User } from '@rasma/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { SESSION_COOKIE, findSessionUser, type UserRow } from './sessions.js';

export function toUserResponse(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
  };
}

export function registerAuthRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/auth/user', async (request): Promise<User> => {
    const user = await findSessionUser(db, request.cookies[SESSION_COOKIE]);
    if (!user) throw new AppError(401, 'Unauthorized', 'UNAUTHENTICATED');
    return toUserResponse(user);
  });
}
