import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.js';
import { sendContactMessage, type ContactDeps } from './service.js';

/**
 * The contact form (spec 2.10) and the support address the public pages show (none when it is not
 * configured in production). Prefix `/api`.
 */
export const contactModule: FastifyPluginAsync<
  ContactDeps & { publishedSupportEmail: string | null }
> = async (app, deps) => {
  route(app, api.contact, async ({ body, user, request, reply }) => {
    await sendContactMessage(deps, body, { ip: request.ip, userId: user?.id });
    reply.status(201);
    return { message: 'Message sent' };
  });

  route(app, api.siteInfo, () => ({ supportEmail: deps.publishedSupportEmail }));
};
