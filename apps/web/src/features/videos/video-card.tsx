import type { Video } from '@rasma/contract';
import { Download, Play, Trash2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from './status-badge';
import { videoFacts } from './video-facts';
import { VideoPreview } from './video-preview';

export interface VideoCardActions {
  onPlay: (video: Video) => void;
  onDownload: (video: Video) => void;
  onDelete: (video: Video) => void;
  downloadingId: string | null;
}

/** A video of the library: play when done, download when done, delete unless still drawing. */
export function VideoCard({
  video,
  onPlay,
  onDownload,
  onDelete,
  downloadingId,
}: { video: Video } & VideoCardActions) {
  const { title, status } = video;
  const downloading = downloadingId === video.id;
  return (
    <li
      aria-label={title}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <VideoPreview video={video} onPlay={() => onPlay(video)} />
      <div className="grid gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="truncate font-semibold text-ink" title={title}>
            {title}
          </h3>
          <StatusBadge status={status} />
        </div>
        <p className="text-xs text-slate-500">{videoFacts(video).join(' · ')}</p>
        <div className="flex gap-2">
          <Button
            size="sm"
            className="flex-1"
            disabled={status !== 'completed'}
            onClick={() => onPlay(video)}
          >
            <Play className="h-4 w-4" aria-hidden="true" />
            Play
          </Button>
          <IconAction
            label={`Download ${title}`}
            disabled={status !== 'completed' || downloading}
            onClick={() => onDownload(video)}
          >
            {downloading ? <Spinner /> : <Download className="h-4 w-4" aria-hidden="true" />}
          </IconAction>
          <IconAction
            label={`Delete ${title}`}
            className="text-red-600 hover:bg-red-50"
            disabled={status === 'processing'}
            onClick={() => onDelete(video)}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </IconAction>
        </div>
      </div>
    </li>
  );
}

function IconAction({ label, ...props }: { label: string } & ButtonProps) {
  return <Button size="sm" variant="outline" aria-label={label} title={label} {...props} />;
}
