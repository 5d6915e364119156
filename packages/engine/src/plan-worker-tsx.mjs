// The plan worker run from the TypeScript source (tsx, tests): tsx is registered in this thread
// first, as a worker does not inherit the loader of the thread that starts it.
import { register } from 'tsx/esm/api';

register();
await import('./plan-worker.ts');
