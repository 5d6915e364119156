import type { FailedVideo } from '@rasma/contract';
import { Breakable } from '@/components/ui/breakable';
import { Card } from '@/components/ui/card';
import { formatDate } from './format';

/** Spec 2.13: shown only when there are failed videos. */
export function FailedVideos({ videos }: { videos: readonly FailedVideo[] }) {
  if (videos.length === 0) return null;
  return (
    <Card title="Recent Failed Videos">
      <ul className="divide-y divide-slate-100 text-sm">
        {videos.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium text-ink">{v.title}</p>
              <p className="text-slate-500">
                <Breakable text={v.email} />
              </p>
            </div>
            <div className="flex items-center gap-3 text-slate-600">
              <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-medium text-red-700">
                Failed
              </span>
              <span>{v.creditsUsed} credits</span>
              <span>{formatDate(v.createdAt)}</span>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
