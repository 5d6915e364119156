// Starts a worker thread on a TypeScript module (given as workerData.entry): worker threads do not
// inherit the tsx hooks the process was started with, so they are registered here first.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
