import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../http/guards.js';
import { notFound } from '../../http/not-found.js';

/**
 * The admin area, prefix `/api/admin`. Its own guard runs on everything in this plugin, unknown
 * paths included, so a visitor learns nothing of what exists here (401/403, never 404). The unknown
 * paths are a catch-all route rather than a not-found handler: Fastify's not-found router does not
 * share the main router's case and slash folding, the catch-all does.
 */
export const adminModule: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => void requireAdmin(request));
  app.all('/*', notFound);
};
