import type { CreditsResponse } from '@rasma/contract';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guards.js';

export function registerCreditsRoutes(app: FastifyInstance): void {
  app.get('/api/credits', (request): CreditsResponse => ({
    credits: requireUser(request).credits,
  }));
}
