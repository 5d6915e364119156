import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { Endpoint } from '@rasma/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandling } from './errors.js';
import { registerGuards } from './http/guards.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { loggerOptions } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { adminModule } from './modules/admin/plugin.js';
import { analyticsModule } from './modules/analytics/plugin.js';
import { scheduleAuthCleanup } from './modules/auth/cleanup.js';
import { billingModule } from './modules/billing/plugin.js';
import { startBilling } from './modules/billing/setup.js';
import { SESSION_COOKIE, authModule } from './modules/auth/plugin.js';
import { SessionStore } from './modules/auth/session-store.js';
import { contactModule } from './modules/contact/plugin.js';
import { creditsModule } from './modules/credits/plugin.js';
import { healthModule } from './modules/health/plugin.js';
import { imagesModule } from './modules/images/plugin.js';
import { startRetention } from './modules/retention/cleanup.js';
import { videosModule } from './modules/videos/plugin.js';
import { startRendering } from './modules/videos/rendering.js';
import { MULTIPART_LIMITS } from './modules/videos/upload.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where logs go (default stdout); tests read them to check that nothing sensitive is logged. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The contract endpoints this server serves, as registered (tests compare it to the table). */
    servedEndpoints: readonly Endpoint[];
    /** Sessions and their in-process cache (sign-out, clean-up and role changes go through it). */
    sessions: SessionStore;
  }
}

export async function buildApp({ config, database, logStream }: AppDeps): Promise<FastifyInstance> {
  const proxies = config.trustProxy;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy:
      typeof proxies === 'number' ? (_address: string, hop: number) => hop < proxies : proxies,
    bodyLimit: 1024 * 1024,
    // Every spelling of a path reaches the same route, and so the same guards.
    routerOptions: { caseSensitive: false, ignoreDuplicateSlashes: true },
  });
  const { db } = database;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  app.addHook('onClose', () => mailer.close());
  const sessions = new SessionStore(db, config.adminEmails);
  app.decorate('sessions', sessions);

  const servedEndpoints: Endpoint[] = [];
  app.decorate('servedEndpoints', servedEndpoints);
  app.addHook('onRoute', ({ method, config: routeConfig }) => {
    // Fastify adds a HEAD route beside each GET one; the table lists the GET.
    if (routeConfig?.endpoint && method !== 'HEAD') servedEndpoints.push(routeConfig.endpoint);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, { https: config.https, stripe: config.stripe !== undefined });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyFormbody);
  registerGuards(app, {
    findSessionUser: (token) => sessions.findUser(token),
    sessionCookie: SESSION_COOKIE,
    publicOrigin: new URL(config.publicUrl).origin,
  });
  scheduleAuthCleanup(app, { db, sessions });
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  const rendering = await startRendering(config, database, app.log, config.renderWorkers);
  app.addHook('onClose', () => rendering.close());
  await startRetention({ db, storage: rendering.storage, queue: rendering.queue, log: app.log });

  await app.register(healthModule, { prefix: '/api', db });
  await app.register(authModule, { prefix: '/api', db, config, mailer, sessions });
  await app.register(creditsModule, { prefix: '/api', db });
  const billing = await startBilling(config, db, rendering.queue, app.log);
  await app.register(billingModule, { prefix: '/api', ...billing });
  await app.register(contactModule, {
    prefix: '/api',
    db,
    mailer,
    supportEmail: config.supportEmail,
  });
  await app.register(imagesModule, { prefix: '/api', db });
  await app.register(videosModule, { prefix: '/api', db, ...rendering });
  await app.register(analyticsModule, {
    prefix: '/api',
    db,
    countryHeader: config.analyticsCountryHeader,
    publicHost: new URL(config.publicUrl).host,
  });
  await app.register(adminModule, {
    prefix: '/api/admin',
    db,
    storage: rendering.storage,
    stripe: billing.stripeProvider?.stripe,
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
