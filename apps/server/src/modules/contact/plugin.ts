import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import { saveContactMessage } from './service.js';

/** The contact form (spec 2.10). Prefix `/api`. */
export const contactModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, api.contact, async ({ body, user, reply }) => {
    await saveContactMessage(db, body, user?.id);
    reply.status(201);
    return { message: 'Message sent' };
  });
};
