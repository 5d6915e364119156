import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandling } from './errors.js';
import { registerWebApp } from './http/web-app.js';
import { loggerOptions } from './logger.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerContactRoutes } from './modules/contact/routes.js';
import { registerHealthRoutes } from './modules/health/routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
}

export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  registerErrorHandling(app);
  await app.register(fastifyCookie, { secret: config.sessionSecret });

  registerHealthRoutes(app, database.db);
  registerAuthRoutes(app, { db: database.db });
  registerContactRoutes(app, { db: database.db });

  await registerWebApp(app, config.webDistDir);
  return app;
}
