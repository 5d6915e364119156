import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.js';
import { createWebhook, deleteWebhook, listWebhooks, type WebhooksDeps } from './service.js';

/** The account page's webhook endpoints: list (with recent deliveries), create, delete. Prefix `/api`. */
export const webhooksModule: FastifyPluginAsync<WebhooksDeps> = async (app, deps) => {
  route(app, api.webhooks, async ({ user }) => ({
    webhooks: await listWebhooks(deps.db, user.id),
  }));

  route(app, api.createWebhook, async ({ user, body, reply }) => {
    const created = await createWebhook(deps, user.id, body);
    reply.status(201);
    return created;
  });

  route(app, api.deleteWebhook, async ({ user, params }) => {
    await deleteWebhook(deps.db, user.id, params.id);
    return { message: 'Webhook deleted' };
  });
};
