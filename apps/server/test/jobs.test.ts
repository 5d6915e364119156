/**
 * The job registry as the queue holds it: what each schedule will send at its slots must be a job
 * its handler takes (a payload that does not parse is dropped, so the periodic work would never run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../src/jobs.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the periodic jobs', () => {
  it('are each scheduled with a payload their handler takes', async () => {
    const { rows } = await server.database.executeSql(
      'select name, cron, data from pgboss.schedule order by name',
    );
    const scheduled = rows as Array<{ name: string; cron: string; data: unknown }>;
    const periodic = Object.values(JOBS).filter((job) => 'cron' in job);
    expect(scheduled.map(({ name, cron }) => ({ name, cron }))).toEqual(
      periodic
        .map((job) => ({ name: job.name, cron: job.cron }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const { name, data } of scheduled) {
      const job = periodic.find((definition) => definition.name === name);
      expect(job?.payload.safeParse(data).success, name).toBe(true);
    }
  });
});
