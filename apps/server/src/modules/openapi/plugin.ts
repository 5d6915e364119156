import { readFile } from 'node:fs/promises';
import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.js';
import { builtDocumentFile, openApiDocument } from './document.js';

/** The build's document, or, running from source (tests, `npm run dev`), one generated now. */
async function documentJson(): Promise<string> {
  const built = await readFile(builtDocumentFile(), 'utf8').catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  });
  return built ?? JSON.stringify(openApiDocument());
}

/** `GET /api/openapi.json`: the API's OpenAPI 3.1 description, public and cacheable. Prefix `/api`. */
export const openApiModule: FastifyPluginAsync = async (app) => {
  let json: Promise<string> | undefined;
  route(app, api.openApi, async ({ reply }) => {
    json ??= documentJson();
    return reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(await json);
  });
};
