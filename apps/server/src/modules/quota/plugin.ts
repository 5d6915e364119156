import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import { storageUsage } from './service.js';

/** The person's storage use against their quota. Prefix `/api`. */
export const quotaModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, api.storageUsage, ({ user }) => storageUsage(db, user.id));
};
