import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import { PAYING_TEST_CARD, type Endpoint } from '@rasma/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandling, replyWithError } from './errors.js';
import { registerGuards } from './http/guards.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { closeConnectionsWhenStopping } from './http/stopping.js';
import { closeConnectionsOfUnreadBodies } from './http/unread-body.js';
import { registerWebApp } from './http/web-app.js';
import { MULTIPART_LIMITS } from './http/upload.js';
import { jobsOf } from './jobs/handlers.js';
import { loggerOptions } from './logger.js';
import { adminModule } from './modules/admin/plugin.js';
import { apiTokensModule } from './modules/api-tokens/plugin.js';
import { findApiTokenUser, useApiToken } from './modules/api-tokens/service.js';
import { analyticsModule } from './modules/analytics/plugin.js';
import { billingModule } from './modules/billing/plugin.js';
import { SESSION_COOKIE, authModule } from './modules/auth/plugin.js';
import type { SessionStore } from './modules/auth/session-store.js';
import { contactModule } from './modules/contact/plugin.js';
import { creditsModule } from './modules/credits/plugin.js';
import { healthModule } from './modules/health/plugin.js';
import { exportsModule } from './modules/exports/plugin.js';
import { imagesModule } from './modules/images/plugin.js';
import { openApiModule } from './modules/openapi/plugin.js';
import { previewsModule } from './modules/previews/plugin.js';
import { projectsModule } from './modules/projects/plugin.js';
import { quotaModule } from './modules/quota/plugin.js';
import { videosModule } from './modules/videos/plugin.js';
import { webhooksModule } from './modules/webhooks/plugin.js';
import { startServices } from './services.js';

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
    /** Settles once the job queue, started when the server listens, has started (or failed to). */
    jobsStarted(): Promise<void>;
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
    frameworkErrors: replyWithError,
  });
  const services = await startServices(config, database, app.log, config.renderWorkers);
  const jobs = jobsOf(services, { periodic: true, renderWorkers: config.renderWorkers });
  // The first answer does not wait for the job queue's start, its workers and its schedules (about
  // 1 s of a start on the embedded database, whose queries share the server's thread): they start
  // once the server listens, and a video created meanwhile is queued once the queue is ready.
  let working = Promise.resolve();
  app.addHook('onListen', () => (working = jobs.start()));
  app.decorate('jobsStarted', () => working);
  app.addHook('onClose', async () => {
    // A server closed as soon as it listens lets its jobs start, then stops them.
    await working.catch(() => undefined);
    await services.close();
  });
  const { db, sessions, payments } = services;
  app.decorate('sessions', sessions);
  if (payments.testProvider) {
    app.log.warn(
      `Payments in TEST MODE: no Stripe keys are set, so cards are not charged (test card ${PAYING_TEST_CARD.number})`,
    );
  }

  const servedEndpoints: Endpoint[] = [];
  app.decorate('servedEndpoints', servedEndpoints);
  app.addHook('onRoute', ({ method, config: routeConfig }) => {
    // Fastify adds a HEAD route beside each GET one; the table lists the GET.
    if (routeConfig?.endpoint && method !== 'HEAD') servedEndpoints.push(routeConfig.endpoint);
  });

  registerErrorHandling(app);
  closeConnectionsWhenStopping(app);
  closeConnectionsOfUnreadBodies(app);
  await registerSecurityHeaders(app, { https: config.https, stripe: config.stripe !== undefined });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyFormbody);
  registerGuards(app, {
    findSessionUser: (token) => sessions.findUser(token),
    findApiTokenUser: (token) => findApiTokenUser({ db, adminEmails: config.adminEmails }, token),
    useApiToken: (tokenId) => useApiToken(db, tokenId),
    sessionCookie: SESSION_COOKIE,
    publicOrigin: new URL(config.publicUrl).origin,
  });
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  await app.register(healthModule, { prefix: '/api', db });
  await app.register(authModule, { prefix: '/api', db, config, mailer: services.mailer, sessions });
  await app.register(creditsModule, { prefix: '/api', db });
  await app.register(apiTokensModule, { prefix: '/api', db });
  await app.register(billingModule, { prefix: '/api', db, ...payments });
  await app.register(contactModule, {
    prefix: '/api',
    db,
    mailer: services.mailer,
    supportEmail: config.supportEmail,
    publishedSupportEmail: config.publishedSupportEmail,
  });
  await app.register(imagesModule, { prefix: '/api', db });
  await app.register(openApiModule, { prefix: '/api' });
  await app.register(projectsModule, {
    prefix: '/api',
    db,
    storage: services.storage,
    decodes: services.decodes,
    audio: services.audio,
  });
  await app.register(quotaModule, { prefix: '/api', db });
  await app.register(videosModule, {
    prefix: '/api',
    db,
    storage: services.storage,
    jobs: services.jobs,
    progress: services.progress,
    jobExpirySeconds: services.jobExpirySeconds,
    wakeWorkers: () => jobs.wakeRenderWorkers(),
    decodes: services.decodes,
    audio: services.audio,
    sessionSecret: config.sessionSecret,
  });
  await app.register(exportsModule, {
    prefix: '/api',
    db,
    storage: services.storage,
    jobs: services.jobs,
    config,
    log: services.log,
  });
  await app.register(webhooksModule, { prefix: '/api', db, settings: config.webhooks });
  await app.register(previewsModule, {
    prefix: '/api',
    previews: services.previews,
    previewQueue: services.previewQueue,
  });
  await app.register(analyticsModule, {
    prefix: '/api',
    db,
    countryHeader: config.analyticsCountryHeader,
    publicHost: new URL(config.publicUrl).host,
  });
  await app.register(adminModule, {
    prefix: '/api/admin',
    db,
    storage: services.storage,
    provider: payments.provider,
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
