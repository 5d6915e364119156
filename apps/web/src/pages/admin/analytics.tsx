import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { EnumSelect } from '@/components/ui/enum-select';
import { AccessDenied } from '@/features/admin/access-denied';
import { useWebsiteAnalytics } from '@/features/admin/api';
import { BackToAdmin } from '@/features/admin/back-to-admin';
import { abbreviate, formatDateTime, isAccessDenied } from '@/features/admin/format';
import { StatCard } from '@/features/admin/stat-card';
import { TrendChart } from '@/features/admin/trend-chart';
import { usePageMeta } from '@/hooks/use-page-meta';
import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  type AnalyticsRange,
  type WebsiteAnalytics,
} from '@/lib/contract';

const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '24h': '24 Hours',
  '7d': '7 Days',
  '30d': '30 Days',
};

function Shares({
  title,
  rows,
}: {
  title: string;
  rows: { name: string; count: number; percentage: number }[];
}) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No visits yet</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {rows.map((row) => (
            <li key={row.name} className="flex justify-between gap-2">
              <span>{row.name}</span>
              <span className="text-slate-600">
                {abbreviate(row.count)} ({row.percentage}%)
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const pageName = (page: string) => (page === '' || page === '/' ? 'Home' : page);

function Report({ data, range }: { data: WebsiteAnalytics; range: AnalyticsRange }) {
  const { realtime, overview, topPages, traffic } = data;
  return (
    <div className="space-y-6">
      <Card title="Real-time" description="Active in the last 5 minutes">
        <p className="text-3xl font-bold text-ink" data-testid="active-now">
          {abbreviate(realtime.activeNow)}
        </p>
        {realtime.recentVisitors.length > 0 && (
          <ul className="mt-4 divide-y divide-slate-100 text-sm" aria-label="Recent visitors">
            {realtime.recentVisitors.map((visitor) => (
              <li key={visitor.sessionId} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span className="font-medium">{pageName(visitor.page)}</span>
                <span className="text-slate-600">
                  {visitor.country} · {visitor.device} · {formatDateTime(visitor.timestamp)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Page views, last hour" value={abbreviate(overview.lastHour)} />
        <StatCard label="Page views, last 24 hours" value={abbreviate(overview.last24Hours)} />
        <StatCard label="Page views, last week" value={abbreviate(overview.lastWeek)} />
        <StatCard label="Page views, last month" value={abbreviate(overview.lastMonth)} />
        <StatCard label="Unique visitors today" value={abbreviate(overview.uniqueVisitorsToday)} />
        <StatCard
          label="Unique visitors this week"
          value={abbreviate(overview.uniqueVisitorsWeek)}
        />
        <StatCard
          label="Unique visitors this month"
          value={abbreviate(overview.uniqueVisitorsMonth)}
        />
      </div>
      <p className="text-sm text-slate-600">
        Visits from headless and scripted browsers (crawlers, bots, automated tests) are not
        counted.
      </p>
      <Card title={range === '24h' ? 'Hourly Trend' : 'Daily Trend'}>
        <TrendChart trend={data.trend} range={range} />
      </Card>
      <Shares
        title="Top Pages"
        rows={topPages.map((p) => ({
          name: pageName(p.page),
          count: p.views,
          percentage: p.percentage,
        }))}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <Shares title="Devices" rows={traffic.devices.map((d) => ({ ...d, name: d.device }))} />
        <Shares title="Browsers" rows={traffic.browsers.map((b) => ({ ...b, name: b.browser }))} />
        <Shares
          title="Countries"
          rows={traffic.countries.map((c) => ({ ...c, name: c.country || 'Unknown' }))}
        />
      </div>
    </div>
  );
}

/** Spec 2.14: the website's own analytics, first-party and cookieless. */
export function AdminAnalyticsPage() {
  usePageMeta('Website Analytics', 'Page views, visitors, pages, devices, browsers and countries.');
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const analytics = useWebsiteAnalytics(range);
  if (isAccessDenied(analytics.error)) return <AccessDenied route="/admin/analytics" />;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <BackToAdmin />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-4xl font-bold text-ink">Website Analytics</h1>
        <EnumSelect
          label="Time range"
          labelHidden
          className="w-auto"
          options={ANALYTICS_RANGES}
          optionLabel={(r) => RANGE_LABELS[r]}
          value={range}
          onChange={setRange}
        />
      </div>
      {analytics.isPending ? (
        <p className="text-slate-600">Loading analytics...</p>
      ) : analytics.error ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">Failed to load analytics data</p>
          <p className="text-sm">{analytics.error.message}</p>
        </div>
      ) : !analytics.data ? (
        <p className="text-slate-600">No analytics data available</p>
      ) : (
        <Report data={analytics.data} range={range} />
      )}
    </div>
  );
}
