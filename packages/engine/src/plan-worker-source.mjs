// The plan worker started from the TypeScript source (the server, tests): it runs the built
// worker when that is fresh, else registers tsx in this thread first (a worker does not inherit
// the loader of the thread that starts it) and loads the source.
import { freshBuild } from '../bin/built.js';

const built = freshBuild('plan-worker.js');
if (built) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./plan-worker.ts');
}
