// The plan worker started from the TypeScript source (the server, tests): the built worker when
// that is fresh, else the source through tsx.
import { runBuiltOrSource } from '../bin/built.js';

await runBuiltOrSource('plan-worker.js', new URL('./plan-worker.ts', import.meta.url));
