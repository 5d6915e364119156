// Once before the server's tests: the embedded database's template, so every test server's first
// start copies it instead of creating a database (5 s each).
import { makeEmbeddedTemplate } from '../../src/db/client.js';

export default makeEmbeddedTemplate;
