// Run by the server's build (after bundling): writes the OpenAPI document beside the bundle, where
// `GET /api/openapi.json` reads it (modules/openapi/plugin.ts).
import { writeFile } from 'node:fs/promises';
import { builtDocumentFile, openApiDocument } from '../modules/openapi/document.js';

await writeFile(builtDocumentFile(), `${JSON.stringify(openApiDocument())}\n`);
