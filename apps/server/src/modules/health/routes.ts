import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** `GET /api/health`: the server is up and the database answers. */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/health', async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}
