import { randomUUID } from 'node:crypto';
import { api, IDEMPOTENCY_KEY_HEADER } from '@rasma/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { requireAdmin } from '../../http/guards.js';
import { notFound } from '../../http/not-found.js';
import { route } from '../../http/route.js';
import type { Storage } from '../../storage/storage.js';
import { websiteAnalytics } from '../analytics/report.js';
import { sendFile } from '../../http/send-file.js';
import type { UserRow } from '../auth/users.js';
import {
  NO_PROVIDER_ACCOUNT,
  type PaymentProvider,
  type ProviderAccount,
} from '../billing/provider.js';
import {
  adminAnalytics,
  failedVideos,
  listUsers,
  lookupUser,
  refundCredits,
  videoDownload,
} from './service.js';

export interface AdminModuleOptions {
  db: Db;
  storage: Storage;
  /** The payment provider: the lookup shows the customer's side there. */
  provider: Pick<PaymentProvider, 'accountOf'>;
}

/** Printable ASCII, as HTTP header values are; long enough for a UUID and then some. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The request's idempotency key, or a fresh one (a request without a key is never a retry). */
function idempotencyKey(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return randomUUID();
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new AppError(400, 'Idempotency-Key: up to 200 printable characters', 'VALIDATION_ERROR');
  }
  return header;
}

/**
 * The admin area, prefix `/api/admin`. Its own guard runs on everything in this plugin, unknown
 * paths included, so a visitor learns nothing of what exists here (401/403, never 404). The unknown
 * paths are a catch-all route rather than a not-found handler: Fastify's not-found router does not
 * share the main router's case and slash folding, the catch-all does.
 */
export const adminModule: FastifyPluginAsync<AdminModuleOptions> = async (
  app,
  { db, storage, provider },
) => {
  app.addHook('onRequest', async (request) => void requireAdmin(request));
  /** When the provider does not answer, the lookup still shows the rest, with a warning logged. */
  const providerAccount = async (user: UserRow): Promise<ProviderAccount> => {
    try {
      return await provider.accountOf(user);
    } catch (err) {
      app.log.warn(
        { err: (err as Error).message },
        'The payment provider did not answer the admin lookup',
      );
      return NO_PROVIDER_ACCOUNT;
    }
  };

  route(app, api.adminAnalytics, () => adminAnalytics(db));
  route(app, api.adminFailedVideos, () => failedVideos(db));
  route(app, api.adminUserLookup, ({ params }) => lookupUser(db, providerAccount, params.email));
  route(app, api.adminUsers, ({ query }) => listUsers(db, query.page, query.limit));
  route(app, api.adminRefund, ({ user, params, body, request }) =>
    refundCredits(db, user, params.userId, body, idempotencyKey(request)),
  );
  route(app, api.adminDownloadVideo, async ({ params, reply }) =>
    sendFile(storage, reply, await videoDownload(db, params.id)),
  );
  route(app, api.websiteAnalytics, ({ query }) =>
    websiteAnalytics(db, query.timeRange, new Date()),
  );

  app.all('/*', notFound);
};
