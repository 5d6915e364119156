// The first module of a worker thread started on TypeScript source (startTypeScriptWorker in
// built.js): registers tsx in this thread, then runs the source.
import { workerData } from 'node:worker_threads';
import { importSource } from './built.js';

await importSource(new URL(workerData.source));
