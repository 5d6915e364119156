import { websiteAnalyticsSchema, type AnalyticsRange } from '@rasma/contract';
import { eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsCeilings,
  analyticsSalts,
  pageViewHourly,
  pageViews,
  pageViewVisitors,
} from '../src/db/schema.js';
import { describeAgent } from '../src/modules/analytics/classify.js';
import { AnalyticsCeilings, clientOf } from '../src/modules/analytics/flood.js';
import {
  VIEWS_PER_ADDRESS_MINUTE,
  VISITORS_PER_ADDRESS_HOUR,
} from '../src/modules/analytics/plugin.js';
import { recordPageView } from '../src/modules/analytics/record.js';
import { deleteOldAnalytics } from '../src/modules/analytics/retention.js';
import { websiteAnalytics } from '../src/modules/analytics/report.js';
import { VisitorIds } from '../src/modules/analytics/visitor.js';
import { createSignedInUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

describe('website analytics of a seeded set of views', () => {
  const NOW = new Date('2026-03-10T10:30:00Z');
  // [time, visitor (its IP), path, User-Agent, country], in time order as they would arrive.
  const SEEDED: [string, string, string, string, string | null][] = [
    ['2026-01-15T10:00:00Z', '10.0.0.10', '/', CHROME, 'US'], // single view deleted after 31 days
    ['2026-02-08T10:00:00Z', '10.0.0.9', '/', CHROME, 'US'], // a month and 30 minutes ago
    ['2026-02-10T12:00:00Z', '10.0.0.8', '/about', FIREFOX, null],
    ['2026-03-03T10:00:00Z', '10.0.0.7', '/', CHROME, 'US'], // a week and 30 minutes ago
    ['2026-03-04T12:00:00Z', '10.0.0.6', '/', ANDROID, 'GB'],
    ['2026-03-09T10:20:00Z', '10.0.0.5', '/', CHROME, 'US'], // 24 hours and 10 minutes ago
    ['2026-03-09T10:40:00Z', '10.0.0.4', '/how-to', IPAD, 'FR'],
    ['2026-03-09T23:59:00Z', '10.0.0.26', '/', CHROME, 'US'], // the same person either side
    ['2026-03-10T00:01:00Z', '10.0.0.26', '/', CHROME, 'US'], // of midnight UTC
    ['2026-03-10T09:15:00Z', '10.0.0.3', '/about', FIREFOX, 'DE'],
    ['2026-03-10T09:45:00Z', '10.0.0.3', '/', FIREFOX, 'DE'],
    ['2026-03-10T10:20:00Z', '10.0.0.2', '/', IPHONE, null],
    ['2026-03-10T10:26:00Z', '10.0.0.25', '/contact', IPHONE, null],
    ['2026-03-10T10:28:00Z', '10.0.0.1', '/', CHROME, 'US'],
    ['2026-03-10T10:29:00Z', '10.0.0.1', '/about', CHROME, 'US'],
  ];
  const report = (range: AnalyticsRange) => websiteAnalytics(db(), range, NOW);

  beforeAll(async () => {
    const visitors = new VisitorIds(db());
    for (const [time, ip, path, agent, country] of SEEDED) {
      const at = new Date(time);
      const visitorId = await visitors.visitorId(at, ip, agent);
      const view = { visitorId, path, referrerHost: null, ...describeAgent(agent), country };
      await recordPageView(db(), view, at);
    }
    await deleteOldAnalytics(db(), NOW);
  });

  it('links views within a UTC day only, and keeps only the current day salt', async () => {
    const ids = await db()
      .select({ visitorId: pageViews.visitorId, createdAt: pageViews.createdAt })
      .from(pageViews)
      .orderBy(pageViews.createdAt);
    const idAt = (time: string) =>
      ids.find((v) => v.createdAt.getTime() === new Date(time).getTime())?.visitorId;
    expect(idAt('2026-03-09T23:59:00Z')).not.toBe(idAt('2026-03-10T00:01:00Z'));
    expect(idAt('2026-03-10T10:28:00Z')).toBe(idAt('2026-03-10T10:29:00Z'));
    expect(idAt('2026-03-10T09:15:00Z')).toBe(idAt('2026-03-10T09:45:00Z'));
    expect((await db().select().from(analyticsSalts)).map((s) => s.day)).toEqual(['2026-03-10']);
  });

  it('deletes single views and visitor ids older than 31 days, keeping their hourly counts', async () => {
    const views = await db().select({ at: pageViews.createdAt }).from(pageViews);
    expect(views.map((v) => v.at.toISOString()).sort()[0]).toBe('2026-02-08T10:00:00.000Z');
    const days = await db().select({ day: pageViewVisitors.day }).from(pageViewVisitors);
    expect(days.map((d) => d.day).sort()[0]).toBe('2026-02-08');
    const hourly = await db()
      .select()
      .from(pageViewHourly)
      .where(eq(pageViewHourly.hour, new Date('2026-01-15T10:00:00Z')));
    expect(hourly.find((r) => r.dimension === 'total')?.views).toBe(1);
  });

  it('counts the overview: rolling windows of views, visitors per UTC day', async () => {
    expect((await report('24h')).overview).toEqual({
      lastHour: 5,
      last24Hours: 9,
      lastWeek: 11,
      lastMonth: 13,
      // Today: the midnight visitor, 10.0.0.3, .2, .25 and .1.
      uniqueVisitorsToday: 5,
      // Plus 03-09 (.5, .4 and the midnight visitor's other id) and 03-04 (.6).
      uniqueVisitorsWeek: 9,
      // Plus 03-03 (.7) and 02-10 (.8); 02-08 is outside the 30 days.
      uniqueVisitorsMonth: 11,
    });
  });

  it('shows the visitors of the last 5 minutes, each with their latest view, newest first', async () => {
    expect((await report('24h')).realtime).toEqual({
      activeNow: 2,
      recentVisitors: [
        {
          sessionId: expect.any(String) as string,
          page: '/about',
          country: 'US',
          device: 'Desktop',
          timestamp: '2026-03-10T10:29:00.000Z',
        },
        {
          sessionId: expect.any(String) as string,
          page: '/contact',
          country: 'Unknown',
          device: 'Mobile',
          timestamp: '2026-03-10T10:26:00.000Z',
        },
      ],
    });
  });

  it('breaks the last 24 hours down by page, device, browser and country', async () => {
    const day = await report('24h');
    expect(day.topPages).toEqual([
      { page: '/', views: 5, percentage: 55.6 },
      { page: '/about', views: 2, percentage: 22.2 },
      { page: '/contact', views: 1, percentage: 11.1 },
      { page: '/how-to', views: 1, percentage: 11.1 },
    ]);
    expect(day.traffic).toEqual({
      devices: [
        { device: 'Desktop', count: 6, percentage: 66.7 },
        { device: 'Mobile', count: 2, percentage: 22.2 },
        { device: 'Tablet', count: 1, percentage: 11.1 },
      ],
      browsers: [
        { browser: 'Chrome', count: 4, percentage: 44.4 },
        { browser: 'Safari', count: 3, percentage: 33.3 },
        { browser: 'Firefox', count: 2, percentage: 22.2 },
      ],
      countries: [
        { country: 'US', count: 4, percentage: 44.4 },
        { country: 'DE', count: 2, percentage: 22.2 },
        { country: 'Unknown', count: 2, percentage: 22.2 },
        { country: 'FR', count: 1, percentage: 11.1 },
      ],
    });
  });

  it('widens the breakdown with the range, keeping the top 4 countries', async () => {
    const week = await report('7d');
    expect(week.topPages).toEqual([
      { page: '/', views: 7, percentage: 63.6 },
      { page: '/about', views: 2, percentage: 18.2 },
      { page: '/contact', views: 1, percentage: 9.1 },
      { page: '/how-to', views: 1, percentage: 9.1 },
    ]);
    const month = await report('30d');
    expect(month.topPages[0]).toEqual({ page: '/', views: 8, percentage: 61.5 });
    expect(month.traffic.countries).toEqual([
      { country: 'US', count: 6, percentage: 46.2 },
      { country: 'Unknown', count: 3, percentage: 23.1 },
      { country: 'DE', count: 2, percentage: 15.4 },
      { country: 'FR', count: 1, percentage: 7.7 },
    ]);
  });

  it('draws the trend hourly for 24h and per UTC day for 7d and 30d', async () => {
    const hourly = (await report('24h')).trend;
    expect(hourly).toHaveLength(24);
    expect(hourly[0]?.start).toBe('2026-03-09T11:00:00.000Z');
    expect(hourly[23]?.start).toBe('2026-03-10T10:00:00.000Z');
    const nonZero = hourly.filter((p) => p.views > 0).map((p) => [p.start.slice(5, 13), p.views]);
    expect(nonZero).toEqual([
      ['03-09T23', 1],
      ['03-10T00', 1],
      ['03-10T09', 2],
      ['03-10T10', 4],
    ]);
    expect((await report('7d')).trend.map((p) => p.views)).toEqual([1, 0, 0, 0, 0, 3, 7]);
    const daily = (await report('30d')).trend;
    expect(daily).toHaveLength(30);
    expect(daily[0]?.start).toBe('2026-02-09T00:00:00.000Z');
    expect(daily.map((p, i) => [i, p.views]).filter(([, n]) => n! > 0)).toEqual([
      [1, 1],
      [22, 1],
      [23, 1],
      [28, 3],
      [29, 7],
    ]);
  });
});

describe('POST /api/analytics/page-view', () => {
  const beacon = (body: string, headers: Record<string, string> = {}, to = server) =>
    to.request('/api/analytics/page-view', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
      body,
    });
  const viewsOf = (path: string, on = server) =>
    on.database.db.select().from(pageViews).where(eq(pageViews.path, path));

  it('records a beacon sent as text/plain, without IP, query string or our own referrer', async () => {
    const res = await beacon(
      JSON.stringify({
        path: '/pricing?email=a@b.example#top',
        referrer: 'https://news.example.org/item?id=1',
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recorded: true });
    const json = await server.request('/api/analytics/page-view', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': IPHONE },
      body: JSON.stringify({ path: '/pricing', referrer: `${server.url}/` }),
    });
    expect(await json.json()).toEqual({ recorded: true });

    const rows = await viewsOf('/pricing');
    expect(
      rows.map(({ referrerHost, device, browser, country }) => ({
        referrerHost,
        device,
        browser,
        country,
      })),
    ).toEqual([
      { referrerHost: 'news.example.org', device: 'Desktop', browser: 'Chrome', country: null },
      { referrerHost: null, device: 'Mobile', browser: 'Safari', country: null },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|Mozilla|email/);
  });

  it('does not count bots, automated browsers, a missing User-Agent or admin pages', async () => {
    const cases: [string, Record<string, string>][] = [
      [
        '/bots',
        {
          'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        },
      ],
      [
        '/bots',
        { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36' },
      ],
      ['/bots', { 'user-agent': 'curl/8.5.0' }],
      ['/bots', { 'user-agent': '' }],
      ['/admin', {}],
      ['/Admin/users', {}],
    ];
    for (const [path, headers] of cases) {
      const res = await beacon(JSON.stringify({ path }), headers);
      expect(await res.json()).toEqual({ recorded: false });
    }
    expect(await viewsOf('/bots')).toEqual([]);
    expect(await viewsOf('/admin')).toEqual([]);
    expect((await beacon(JSON.stringify({ path: '/administrators' }))).status).toBe(200);
    expect(await viewsOf('/administrators')).toHaveLength(1);
  });

  it('counts at most 30 views a minute of one visitor; more are answered alike but not counted', async () => {
    const send = async (agent: string) =>
      (
        (await (
          await beacon(JSON.stringify({ path: '/flood' }), { 'user-agent': agent })
        ).json()) as {
          recorded: boolean;
        }
      ).recorded;
    const looping = `${FIREFOX} Looping`;
    const answers = [];
    for (let i = 0; i < 33; i++) answers.push(await send(looping));
    // Answered as counted views all the same: the script learns nothing of the ceiling.
    expect(answers).toEqual(Array<boolean>(33).fill(true));
    expect(await viewsOf('/flood')).toHaveLength(30);
    // Another visitor, here another browser on the same address, is counted as before.
    expect(await send(`${CHROME} Other`)).toBe(true);
    expect(await viewsOf('/flood')).toHaveLength(31);
  });

  it('counts a User-Agent flood from one address as that address, up to its ceilings; another address is counted', async () => {
    // Behind a proxy, so the test can speak from several addresses.
    const proxied = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const { cookie } = await createSignedInUser(proxied.database.db, { isAdmin: true });
      const overview = async () => {
        const res = await proxied.request('/api/admin/analytics/website?timeRange=24h', {
          headers: { cookie },
        });
        return websiteAnalyticsSchema.parse(await res.json()).overview;
      };
      const from = async (address: string, agent: string) => {
        const res = await beacon(
          JSON.stringify({ path: '/flood-agents' }),
          { 'user-agent': agent, 'x-forwarded-for': address },
          proxied,
        );
        // Answered as a counted view, whether it was counted or not.
        expect(await res.json()).toEqual({ recorded: true });
      };
      // More browsers than an address may bring, more views than it may add in a minute.
      for (let i = 0; i < 200; i++) await from('203.0.113.5', `${CHROME} build/${i % 60}`);
      const flooded = await overview();
      expect(flooded.uniqueVisitorsToday).toBe(VISITORS_PER_ADDRESS_HOUR);
      expect(flooded.lastHour).toBeLessThanOrEqual(VIEWS_PER_ADDRESS_MINUTE);
      // Past its views ceiling for the minute, the address's known visitors are not counted either.
      await from('203.0.113.5', `${CHROME} build/0`);
      expect((await overview()).lastHour).toBe(flooded.lastHour);

      // An IPv6 client is its /64, whichever of its addresses it sends from.
      for (let i = 0; i < 200; i++)
        await from(`2001:db8:7:1::${i.toString(16)}`, `${CHROME} v${i}`);
      const rotated = await overview();
      expect(rotated.uniqueVisitorsToday).toBe(2 * VISITORS_PER_ADDRESS_HOUR);
      expect(rotated.lastHour - flooded.lastHour).toBeLessThanOrEqual(VIEWS_PER_ADDRESS_MINUTE);

      await from('198.51.100.7', FIREFOX);
      await from('2001:db8:7:2::1', FIREFOX);
      expect((await overview()).lastHour).toBe(rotated.lastHour + 2);
    } finally {
      await proxied.close();
    }
    // A server of its own and 400 beacons one after another: slow on a loaded machine.
  }, 90_000);

  it('counts an IPv6 address as its /64 and an IPv4 one, also mapped into IPv6, as it is', () => {
    expect(
      ['2001:db8:7:1::1', '2001:0DB8:0007:0001:ffff::', '2001:db8:7:1:2:3:4:5'].map(clientOf),
    ).toEqual(Array(3).fill('2001:db8:7:1::/64'));
    expect(clientOf('2001:db8::7:1:2:3:4')).toBe('2001:db8:0:7::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('203.0.113.5')).toBe('203.0.113.5');
    expect(clientOf('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('names only the browsers people use: anything else is Other', async () => {
    for (const agent of [
      'TopBrowser/9.9 (evil)',
      'Mozilla/5.0 Buy-Cheap-Pills.example/1.0',
      FIREFOX,
    ]) {
      await beacon(JSON.stringify({ path: '/agents' }), { 'user-agent': agent });
    }
    expect((await viewsOf('/agents')).map((v) => v.browser).sort()).toEqual([
      'Firefox',
      'Other',
      'Other',
    ]);
  });

  it('counts every spelling of a page as that page, and no spelling of the admin area', async () => {
    const stored = async () => (await db().select({ id: pageViews.id }).from(pageViews)).length;
    const before = await stored();
    for (const path of [
      '//admin',
      '/admin%2fusers',
      '/%61dmin/users',
      '///admin//users',
      '/admin%252fusers',
      '/admin;x',
      '/admin\\users',
      '/x/../admin',
      `/admin%${'25'.repeat(4)}2fusers`,
    ]) {
      expect(await (await beacon(JSON.stringify({ path }))).json()).toEqual({ recorded: false });
    }
    expect(await stored()).toBe(before);
    for (const path of [
      '//spelled',
      '/spel%6Ced',
      '/spel%256Ced/',
      '/spelled;x',
      '/x/.././spelled',
    ]) {
      await beacon(JSON.stringify({ path }));
    }
    expect(await viewsOf('/spelled')).toHaveLength(5);
  });

  it('refuses control characters in a beacon with a 400, encoded or not', async () => {
    for (const body of [
      { path: '/a\u0000b' },
      { path: '/a%00b' },
      { path: '/a\u001bb' },
      { path: '/a\nb' },
      { path: '/a%0Ab' },
      { path: '/ok', referrer: 'https://example.org/\u0007' },
    ]) {
      const res = await beacon(JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: expect.stringMatching(/control characters/) as unknown,
      });
    }
  });

  it('starts counting a visitor afresh once their minute is over, and forgets ended windows', async () => {
    const ceilings = new AnalyticsCeilings(db());
    const minute = Date.parse('2031-05-05T10:00:00Z');
    const allows = async (key: string, ...offsets: number[]) => {
      const answers = [];
      for (const ms of offsets) {
        answers.push(await ceilings.allowsView(key, 2, 'minute', new Date(minute + ms)));
      }
      return answers;
    };
    expect(await allows('a', 0, 1_000, 59_999)).toEqual([true, true, false]);
    expect(await allows('b', 59_999)).toEqual([true]);
    expect(await allows('a', 60_000, 61_000, 62_000)).toEqual([true, true, false]);

    const keys = () =>
      db()
        .select()
        .from(analyticsCeilings)
        .where(gte(analyticsCeilings.windowStart, new Date(minute)));
    expect(await keys()).toHaveLength(2);
    await deleteOldAnalytics(db(), new Date(minute + 2 * 3_600_000));
    expect(await keys()).toEqual([]);
  });

  it('refuses a malformed beacon with a clear 400', async () => {
    const broken = await beacon('{"path": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ message: 'Malformed JSON in request body' });
    const relative = await beacon(JSON.stringify({ path: 'pricing' }));
    expect(relative.status).toBe(400);
    expect(((await relative.json()) as { message: string }).message).toMatch(/^path: /);
  });

  it('takes the country from the configured proxy header only', async () => {
    await beacon(JSON.stringify({ path: '/from-anywhere' }), { 'cf-ipcountry': 'DE' });
    expect((await viewsOf('/from-anywhere'))[0]?.country).toBeNull();

    const behindProxy = await startTestServer({ ANALYTICS_COUNTRY_HEADER: 'CF-IPCountry' });
    try {
      await beacon(JSON.stringify({ path: '/de' }), { 'cf-ipcountry': 'de' }, behindProxy);
      await beacon(JSON.stringify({ path: '/tor' }), { 'cf-ipcountry': 'T1' }, behindProxy);
      expect((await viewsOf('/de', behindProxy))[0]?.country).toBe('DE');
      expect((await viewsOf('/tor', behindProxy))[0]?.country).toBeNull();
    } finally {
      await behindProxy.close();
    }
  });

  it("shows the site's visits on the admin analytics call", async () => {
    const { cookie } = await createSignedInUser(db(), { isAdmin: true });
    await beacon(JSON.stringify({ path: '/how-to' }), { 'user-agent': FIREFOX });
    const res = await server.request('/api/admin/analytics/website?timeRange=24h', {
      headers: { cookie },
    });
    const report = websiteAnalyticsSchema.parse(await res.json());
    expect(report.topPages).toContainEqual({
      page: '/how-to',
      views: 1,
      percentage: expect.any(Number) as number,
    });
    expect(report.realtime.recentVisitors[0]).toMatchObject({ page: '/how-to', device: 'Desktop' });
    const bad = await server.request('/api/admin/analytics/website?timeRange=1y', {
      headers: { cookie },
    });
    expect(bad.status).toBe(400);
  });
});
