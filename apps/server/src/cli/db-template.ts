// Run by the server's build and by the tests' global set-up: makes the embedded database's template
// (db/embedded-template.ts), so a first start on a new data dir copies it instead of creating the
// database and the job queue's tables.
import pino from 'pino';
import { openDatabase } from '../db/client.js';
import { makeTemplate } from '../db/embedded-template.js';
import { createQueues } from '../jobs/sender.js';
import { startQueue } from '../queue/queue.js';

await makeTemplate(async (dataDir) => {
  const database = await openDatabase({ dataDir });
  const queue = await startQueue(database, pino({ level: 'warn' }));
  await createQueues(queue, undefined);
  await queue.stop({ graceful: false, wait: true });
  await database.close();
});
