// Once before the server's tests: the embedded database's template, so every test server's first
// start copies it instead of creating a database (5 s each). Importing the script makes it.
import '../../src/cli/db-template.js';

export default function setup(): void {}
