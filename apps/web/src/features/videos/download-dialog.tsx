import { useQueryClient } from '@tanstack/react-query';
import { Download, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/http';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, type ExportFormat, type Video } from '@/lib/contract';
import { refreshVideos, useCreateVideoExport, type DownloadFormat } from './api';

/**
 * A finished video's files: the MP4 and each export. A made one downloads; a WebM or GIF not made
 * yet can be made now (the list is read again until it is); the transparent WebM, only chosen at
 * Generate, shows only when it was. `video` null keeps the dialog closed.
 */
export function DownloadDialog({
  video,
  downloading,
  onDownload,
  onClose,
}: {
  video: Video | null;
  downloading: boolean;
  onDownload: (video: Video, format: DownloadFormat) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const make = useCreateVideoExport({
    onSuccess: () => void refreshVideos(queryClient),
    onError: (error) =>
      toast({
        title: 'Export Failed',
        description: serverMessage(error, 'The file could not be asked for. Please try again.'),
        variant: 'destructive',
      }),
  });
  const exports = new Map(video?.exports.map((e) => [e.format, e]));
  const offered = EXPORT_FORMATS.filter((f) => exports.has(f) || EXPORT_FORMAT_INFO[f].later);
  const row = (format: DownloadFormat, label: string, description: string, action: ReactNode) => (
    <li key={format} className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-ink">{label}</p>
        <p className="text-xs text-slate-500">{description}</p>
      </div>
      {action}
    </li>
  );
  const downloadButton = (format: DownloadFormat, label: string) => (
    <Button
      size="sm"
      variant="outline"
      disabled={downloading}
      onClick={() => video && onDownload(video, format)}
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      Download {label}
    </Button>
  );
  const exportAction = (format: ExportFormat) => {
    const { label } = EXPORT_FORMAT_INFO[format];
    const made = exports.get(format);
    if (made?.status === 'completed') return downloadButton(format, label);
    if (made?.status === 'processing' || (make.isPending && make.variables.body.format === format))
      return (
        <span className="inline-flex items-center gap-1.5 text-sm text-slate-600" role="status">
          <Spinner /> Making {label}...
        </span>
      );
    // Only a format made from the MP4 can be made again (the transparent one needs the render).
    if (!EXPORT_FORMAT_INFO[format].later)
      return <span className="text-sm text-red-600">Could not be made</span>;
    return (
      <Button
        size="sm"
        variant="outline"
        onClick={() => video && make.mutate({ params: { id: video.id }, body: { format } })}
      >
        <Wand2 className="h-4 w-4" aria-hidden="true" />
        {made?.status === 'failed' ? `Try ${label} again` : `Make ${label}`}
      </Button>
    );
  };
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle className="truncate pr-8">Download {video?.title}</DialogTitle>
        <DialogDescription>The MP4, and the other formats of this video.</DialogDescription>
        <ul aria-label="Formats" className="divide-y divide-slate-100">
          {row(
            'mp4',
            'MP4',
            'H.264 video, with its sound: plays everywhere.',
            downloadButton('mp4', 'MP4'),
          )}
          {offered.map((format) =>
            row(
              format,
              EXPORT_FORMAT_INFO[format].label,
              EXPORT_FORMAT_INFO[format].description,
              exportAction(format),
            ),
          )}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
