// Run by the server's build: makes the embedded database's template (db/embedded-template.ts), so
// the first `npm start` on a new data dir copies it instead of creating the database.
import { makeEmbeddedTemplate } from '../db/client.js';

await makeEmbeddedTemplate();
