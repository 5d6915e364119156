import type { AnalyticsRange, WebsiteAnalytics } from '@rasma/contract';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const label = (range: AnalyticsRange) => (start: string) => {
  const at = new Date(start);
  return range === '24h'
    ? at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    : at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

/** Page views per hour (24h, local time) or per UTC day (7d, 30d: the days the server counts). */
export function TrendChart({
  trend,
  range,
}: {
  trend: WebsiteAnalytics['trend'];
  range: AnalyticsRange;
}) {
  const data = trend.map((point) => ({ label: label(range)(point.start), views: point.views }));
  return (
    <div className="h-64 w-full" data-testid="trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="views" name="Page views" fill="#1e293b" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
