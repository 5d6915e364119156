import { Film, Play, TriangleAlert } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { api, endpointUrl, type Video } from '@/lib/contract';

/** The top of a library card: the thumbnail to play, the progress, or why it failed. */
export function VideoPreview({ video, onPlay }: { video: Video; onPlay: () => void }) {
  const frame = 'relative flex aspect-video items-center justify-center bg-slate-100';
  if (video.status === 'processing') {
    return (
      <div className={`${frame} flex-col gap-3 px-6`}>
        <Spinner className="h-7 w-7 text-ink-soft" />
        <p className="text-sm font-medium text-ink">Drawing... {video.progress}%</p>
        <div
          role="progressbar"
          aria-label={`${video.title} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={video.progress}
          className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-ink-soft transition-[width] duration-500"
            style={{ width: `${video.progress}%` }}
          />
        </div>
      </div>
    );
  }
  if (video.status === 'failed') {
    return (
      <div className={`${frame} flex-col gap-2 bg-red-50 px-6 text-center`}>
        <TriangleAlert className="h-7 w-7 text-red-500" aria-hidden="true" />
        <p className="text-sm text-red-700">Video creation didn't work, we refunded your credits</p>
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={onPlay}
      aria-label={`Play ${video.title}`}
      className={`${frame} group w-full overflow-hidden focus-visible:ring-2 focus-visible:ring-ink-soft focus-visible:outline-none focus-visible:ring-inset`}
    >
      {video.thumbnailUrl ? (
        <img
          src={endpointUrl(api.thumbnail, { name: video.thumbnailUrl })}
          alt=""
          loading="lazy"
          className="h-full w-full bg-white object-contain"
        />
      ) : (
        <Film className="h-8 w-8 text-slate-400" aria-hidden="true" />
      )}
      <span className="absolute inset-0 flex items-center justify-center bg-ink/0 transition-colors group-hover:bg-ink/25">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white/90 text-ink opacity-90 shadow-md transition-transform group-hover:scale-110">
          <Play className="ml-0.5 h-5 w-5 fill-current" aria-hidden="true" />
        </span>
      </span>
    </button>
  );
}
