import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@rasma/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from './not-found.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * any other non-API GET answered with index.html so client routes work: with status 200 for a path
 * of the contract's route tables, 404 for any other (the app shows its 404 page).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (distDir && !hasWebApp) {
    app.log.warn({ distDir }, 'web app not built (run `npm run build`): only /api is served');
  }
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // Pages have no file extension; a missing /assets/x.js is a real 404, not the app.
    const isPage = !isApi && !/\.[a-z0-9]+$/i.test(pathname);
    if (isPage && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .status(isClientRoute(pathname) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html');
    }
    return notFound(request, reply);
  });
}
