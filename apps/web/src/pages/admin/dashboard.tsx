import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { AccessDenied } from '@/features/admin/access-denied';
import { useAdminAnalytics, useFailedVideos } from '@/features/admin/api';
import { FailedVideos } from '@/features/admin/failed-videos';
import { isAccessDenied, successRate, videosCreated } from '@/features/admin/format';
import { StatCard } from '@/features/admin/stat-card';
import { UserLookup } from '@/features/admin/user-lookup';
import { usePageMeta } from '@/hooks/use-page-meta';

/** Spec 2.13: the admin dashboard. */
export function AdminPage() {
  usePageMeta('Admin Dashboard', 'Users, videos and failures at a glance, and user lookup.');
  const analytics = useAdminAnalytics();
  const failed = useFailedVideos();
  if (isAccessDenied(analytics.error, failed.error)) {
    return <AccessDenied route="/admin" />;
  }
  const stats = analytics.data?.videoStats;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-4xl font-bold text-ink">Admin Dashboard</h1>
        <Button asChild variant="outline">
          <Link to="/admin/analytics">
            <BarChart3 aria-hidden className="h-4 w-4" /> Website Analytics
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Total Users"
          value={analytics.data?.totalUsers ?? '...'}
          to="/admin/users"
        />
        <StatCard label="Video Success Rate" value={stats ? successRate(stats) : '...'} />
        <StatCard label="Failed Videos" value={stats?.failed ?? '...'} />
        <StatCard label="Videos Created" value={stats ? videosCreated(stats) : '...'} />
      </div>
      <UserLookup />
      <FailedVideos videos={failed.data ?? []} />
    </div>
  );
}
