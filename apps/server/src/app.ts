import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandling } from './errors.js';
import { registerWebApp } from './http/web-app.js';
import { loggerOptions } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { scheduleAuthCleanup } from './modules/auth/cleanup.js';
import { registerAuthGuards } from './modules/auth/guards.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerContactRoutes } from './modules/contact/routes.js';
import { registerCreditsRoutes } from './modules/credits/routes.js';
import { registerHealthRoutes } from './modules/health/routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where logs go (default stdout); tests read them to check that nothing sensitive is logged. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp({ config, database, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  const { db } = database;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  app.addHook('onClose', () => mailer.close());

  registerErrorHandling(app);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyFormbody);
  registerAuthGuards(app, { db, config });
  scheduleAuthCleanup(app, db);

  registerHealthRoutes(app, db);
  registerAuthRoutes(app, { db, config, mailer });
  registerCreditsRoutes(app);
  registerContactRoutes(app, { db });

  await registerWebApp(app, config.webDistDir);
  return app;
}
