import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import { pingDatabase } from './queries.js';

/** `GET /api/health`: the server is up and the database answers a query. Prefix `/api`. */
export const healthModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, api.health, async () => {
    await pingDatabase(db);
    return { status: 'ok' as const };
  });
};
