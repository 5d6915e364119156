import { contactRequestSchema, type MessageResponse } from '@rasma/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../errors.js';
import { saveContactMessage } from './service.js';

export function registerContactRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.post('/api/contact', async (request, reply): Promise<MessageResponse> => {
    const input = parseInput(contactRequestSchema, request.body);
    await saveContactMessage(db, input, request.user?.id);
    reply.status(201);
    return { message: 'Message sent' };
  });
}
