import { api } from '@rasma/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema.js';
import { route } from '../../http/route.js';

/** How many recent images the image dashboard lists. */
const RECENT_IMAGES = 50;

/** The image dashboard's list (spec 2.7): the user's recent uploads, newest first. Prefix `/api`. */
export const imagesModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, api.images, async ({ user }) => {
    const rows = await db
      .select({ id: images.id, originalName: images.originalName, uploadedAt: images.uploadedAt })
      .from(images)
      .where(eq(images.userId, user.id))
      .orderBy(desc(images.uploadedAt))
      .limit(RECENT_IMAGES);
    return rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() }));
  });
};
