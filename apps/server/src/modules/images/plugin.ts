import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import { recentImages } from './queries.js';

/** The image dashboard's list (spec 2.7): the user's recent uploads, newest first. Prefix `/api`. */
export const imagesModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, api.images, ({ user }) => recentImages(db, user.id));
};
