/**
 * Rasma as several machines run it: two web processes and two render workers, each an OS process of
 * its own (started by the fleet script, as an operator starts them), on one PostgreSQL and one
 * S3-compatible bucket. A person's whole journey crosses them, and what must hold for the whole
 * fleet (sessions, rate limits, periodic jobs, the analytics visitor ceiling, the admin's figures)
 * holds across processes, not per process.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { adminAnalyticsSchema, websiteAnalyticsSchema, type Video } from '@rasma/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFleet, type Fleet } from '../src/cli/fleet.js';
import { VISITORS_PER_ADDRESS_HOUR } from '../src/modules/analytics/plugin.js';
import { RATE_LIMITS } from '../src/modules/auth/codes.js';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/session-store.js';
import { JOBS } from '../src/jobs/definitions.js';
import { freshPostgresDatabase } from './support/database.js';
import { bucketOf, startS3Server, type S3TestServer } from './support/s3.js';
import { SignInBrowser } from './support/sign-in-browser.js';
import { startSmtpServer } from './support/smtp.js';
import { createVideo, readProgress } from './support/videos.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ADMIN_EMAIL = 'admin@example.test';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let s3: S3TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let storageUrl: string;
let fleet: Fleet;
/** The two web processes' addresses. */
let web1: string;
let web2: string;

// Several processes on one database need PostgreSQL (the embedded database serves one process).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'two web processes and two render workers (PostgreSQL, a bucket)',
  () => {
    beforeAll(async () => {
      [s3, smtp, postgres] = await Promise.all([
        startS3Server(),
        startSmtpServer(),
        freshPostgresDatabase(),
      ]);
      storageUrl = s3.newStorageUrl();
      fleet = await startFleet({
        web: 2,
        workers: 2,
        databaseUrl: postgres!.url,
        storageUrl,
        // Behind a proxy, so the analytics check can speak from an address of its own.
        env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: '1' },
      });
      [web1, web2] = fleet.web.map((web) => web.url) as [string, string];
    });
    afterAll(async () => {
      await fleet?.stop();
      await Promise.all([s3?.close(), smtp?.close()]);
      await postgres?.drop();
    });

    /** E-mail sign-in on `base`: the code goes out by SMTP; the answer's session cookie. */
    async function signIn(base: string, email: string): Promise<string> {
      const browser = new SignInBrowser();
      expect((await browser.sendCode(base, email)).status).toBe(200);
      const res = await browser.verify(base, email, smtp.latestCodeFor(email));
      expect(res.status).toBe(200);
      const session = res.headers.getSetCookie().find((c) => c.startsWith('rasma_session='));
      return session?.split(';')[0] ?? '';
    }
    const get = (base: string, pathname: string, cookie: string, headers = {}) =>
      fetch(new URL(pathname, base), { headers: { cookie, ...headers } });

    it('makes a video across the fleet: created on one web process, rendered by a worker, followed, streamed and downloaded on the other, deleted from the bucket', async () => {
      const email = 'journey@example.test';
      const cookie = await signIn(web1, email);
      const me = await get(web2, '/api/auth/user', cookie);
      expect(me.status).toBe(200);
      const { id: userId } = (await me.json()) as { id: string; email: string };

      // Web 2's stream is open before web 1 takes the video (the user's only one); a worker process
      // renders it.
      const events = readProgress(web2, cookie, userId, (event) => event.status !== 'processing');
      const video = await createVideo(web1, cookie);
      const seen = await events;
      expect(seen.every((event) => event.videoId === video.id)).toBe(true);
      expect(seen.some((event) => event.progress > 0 && event.progress < 100)).toBe(true);
      expect(seen.at(-1)).toMatchObject({ status: 'completed', progress: 100 });

      const listed = await get(web2, '/api/videos?page=1', cookie);
      expect(((await listed.json()) as { videos: Video[] }).videos).toMatchObject([
        { id: video.id, status: 'completed' },
      ]);
      const { Body } = await s3.client.send(
        new GetObjectCommand({ Bucket: bucketOf(storageUrl), Key: `videos/${video.id}.mp4` }),
      );
      const stored = Buffer.from((await Body?.transformToByteArray()) ?? []);
      const part = await get(web2, `/api/videos/${video.id}/stream`, cookie, {
        range: 'bytes=100-199',
      });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${stored.length}`);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(stored.subarray(100, 200));
      const download = await get(web2, `/api/videos/${video.id}/download`, cookie);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(stored);

      // The admin's figures, read on the web process that neither took nor rendered the video.
      const admin = await signIn(web1, ADMIN_EMAIL);
      const figures = await get(web2, '/api/admin/analytics', admin);
      expect(adminAnalyticsSchema.parse(await figures.json())).toEqual({
        totalUsers: 2,
        videoStats: { completed: 1, failed: 0, processing: 0 },
      });

      const deleted = await fetch(new URL(`/api/videos/${video.id}`, web1), {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(deleted.status).toBe(200);
      expect(await s3.keys(bucketOf(storageUrl))).toEqual([]);

      // Signed out on web 2: web 1 refuses the session once its lookup cache has lapsed.
      await get(web2, '/api/logout', cookie);
      await vi.waitFor(
        async () => expect((await get(web1, '/api/auth/user', cookie)).status).toBe(401),
        { timeout: SESSION_CACHE_TTL_MS + 5000, interval: 500 },
      );
    });

    it('counts a rate limit over both web processes', async () => {
      const email = 'limited@example.test';
      const { max, message } = RATE_LIMITS.sendPerEmail;
      const browser = new SignInBrowser();
      for (let i = 0; i < max; i++) {
        const res = await browser.sendCode(i % 2 ? web2 : web1, email);
        expect(res.status).toBe(200);
      }
      const refused = await browser.sendCode(web2, email);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ message });
    });

    it('counts at most the visitor ceiling from one address, whichever web process its beacons reach', async () => {
      for (let i = 0; i < VISITORS_PER_ADDRESS_HOUR + 10; i++) {
        const res = await fetch(new URL('/api/analytics/page-view', i % 2 ? web2 : web1), {
          method: 'POST',
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'user-agent': `${CHROME} build/${i}`,
            'x-forwarded-for': '203.0.113.9',
          },
          body: JSON.stringify({ path: '/pricing' }),
        });
        expect(await res.json()).toEqual({ recorded: true });
      }
      const admin = await signIn(web2, ADMIN_EMAIL);
      const report = await get(web1, '/api/admin/analytics/website?timeRange=24h', admin);
      const { overview } = websiteAnalyticsSchema.parse(await report.json());
      expect(overview.uniqueVisitorsToday).toBe(VISITORS_PER_ADDRESS_HOUR);
    });

    it('sends each periodic job’s start-up catch-up once for the fleet, not once per web process', async () => {
      const db = new pg.Client({ connectionString: postgres!.url });
      await db.connect();
      try {
        const { rows } = await db.query<{ name: string; sent: number }>(
          `select name, count(*)::int as sent from pgboss.job
            where name = any($1) and singleton_key = 'at-start' group by name, singleton_on`,
          [Object.values(JOBS).map((job) => job.name)],
        );
        // One a slot: two web processes started across a slot's end may each send one.
        const atStart = Object.values(JOBS).filter((job) => 'runAtStart' in job);
        expect(new Set(rows.map((row) => row.name))).toEqual(new Set(atStart.map((j) => j.name)));
        expect(rows.every((row) => row.sent === 1)).toBe(true);
      } finally {
        await db.end();
      }
    });
  },
);
