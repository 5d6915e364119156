import { Clapperboard } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { useLibraryPage } from './use-library-page';
import { VideoPreview } from './video-preview';

/**
 * The user's videos still being drawn, live from the progress stream. They are the newest, so the
 * library's first page holds them.
 */
export function RendersInProgress() {
  const { videos, isLoading } = useLibraryPage(1);
  const drawing = videos.filter((video) => video.status === 'processing');
  return (
    <Card title="Renders in Progress">
      {isLoading ? (
        <LoadingBlock />
      ) : drawing.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <Clapperboard className="h-10 w-10 text-slate-300" aria-hidden="true" />
          <p className="text-sm text-slate-600">Nothing is being drawn right now.</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/">Create a video</Link>
          </Button>
        </div>
      ) : (
        <ul aria-label="Renders in progress" className="grid gap-4 sm:grid-cols-2">
          {drawing.map((video) => (
            <li
              key={video.id}
              aria-label={video.title}
              className="overflow-hidden rounded-xl border border-slate-200"
            >
              <VideoPreview video={video} onPlay={() => undefined} />
              <p className="truncate px-4 py-3 text-sm font-medium text-ink">{video.title}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
