import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import { createApiToken, listApiTokens, revokeApiToken } from './service.js';

/**
 * The account page's personal API tokens: list, create (the token shown once), revoke. A browser
 * session only (the endpoints have no token scope). Prefix `/api`.
 */
export const apiTokensModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, api.apiTokens, async ({ user }) => ({ tokens: await listApiTokens(db, user.id) }));

  route(app, api.createApiToken, async ({ user, body, reply }) => {
    reply.status(201);
    return createApiToken(db, user.id, body);
  });

  route(app, api.revokeApiToken, async ({ user, params }) => {
    await revokeApiToken(db, user.id, params.id);
    return { message: 'API token revoked' };
  });
};
