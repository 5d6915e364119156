import type { Video } from '@rasma/contract';
import { Clapperboard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { HelpLink } from '@/components/ui/help-link';
import { LoadingBlock } from '@/components/ui/spinner';
import { DeleteVideoDialog } from './delete-video-dialog';
import { DownloadDialog } from './download-dialog';
import { Pager } from './pager';
import { useDownloadVideo } from './use-download-video';
import { useLibraryPage } from './use-library-page';
import { VideoCard } from './video-card';
import { VideoPlayerDialog } from './video-player-dialog';

/** Spec 2.5: the user's videos, newest first, a page at a time, live while they are drawn. */
export function Library({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { videos, pagination, isLoading, isError } = useLibraryPage(page);
  const { download, downloadingId } = useDownloadVideo();
  const [playing, setPlaying] = useState<Video | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  // By id: the dialog shows the video as the page is read again (its exports being made).
  const [downloadId, setDownloadId] = useState<string | null>(null);
  const downloadOf = videos.find((video) => video.id === downloadId) ?? null;

  // A page emptied by a delete shows the one before it.
  const emptiedPage = pagination && videos.length === 0 && page > 1;
  useEffect(() => {
    if (emptiedPage) onPage(page - 1);
  }, [emptiedPage, onPage, page]);

  return (
    <Card
      title="Your Videos"
      actions={<HelpLink section="managing-videos" topic="managing videos" />}
    >
      {isLoading ? (
        <LoadingBlock />
      ) : isError ? (
        <p className="py-6 text-center text-sm text-red-600">
          Your videos could not be loaded. Please refresh the page.
        </p>
      ) : videos.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <Clapperboard className="h-10 w-10 text-slate-300" aria-hidden="true" />
          <p className="font-medium text-ink">No videos yet</p>
          <p className="text-sm text-slate-500">Your sketch videos will appear here.</p>
        </div>
      ) : (
        <ul aria-label="Videos" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {videos.map((video) => (
            <VideoCard
              key={video.id}
              video={video}
              onPlay={setPlaying}
              onDownload={(video) => setDownloadId(video.id)}
              onDelete={setDeleting}
              downloadingId={downloadingId}
            />
          ))}
        </ul>
      )}
      {pagination && <Pager pagination={pagination} onPage={onPage} />}
      <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} />
      <DeleteVideoDialog video={deleting} onClose={() => setDeleting(null)} />
      <DownloadDialog
        video={downloadOf}
        downloading={downloadingId !== null}
        onDownload={download}
        onClose={() => setDownloadId(null)}
      />
    </Card>
  );
}
