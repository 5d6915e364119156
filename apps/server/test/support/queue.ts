import PgBoss from 'pg-boss';
import type { Database } from '../../src/db/client.js';
import type { JobQueue } from '../../src/queue/queue.js';

/**
 * The job queue on the test's database, not started: it only sends, as another process of the
 * fleet would (a retry, an older version), and works nothing itself.
 */
export const sendingQueue = (database: Database): JobQueue =>
  new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) } });
