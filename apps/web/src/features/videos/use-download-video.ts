import { useState } from 'react';
import { toast } from '@/hooks/use-toast';
import type { Video } from '@/lib/contract';
import { EXPORT_FORMAT_INFO } from '@/lib/contract';
import { fetchVideoFile, type DownloadFormat } from './api';
import { fileNameFromDisposition } from './content-disposition';

/**
 * Fetches the MP4 or an export (with the session cookie) and hands it to the browser as a file to
 * save.
 */
async function downloadVideo(video: Video, format: DownloadFormat): Promise<string> {
  const response = await fetchVideoFile(video.id, format);
  const blob = await response.blob();
  const extension = format === 'mp4' ? 'mp4' : EXPORT_FORMAT_INFO[format].extension;
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ??
    `video_${video.id}.${extension}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

/**
 * Spec 2.5: downloads one file at a time; `downloadingId` is the video whose file is under way.
 */
export function useDownloadVideo() {
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const download = async (video: Video, format: DownloadFormat) => {
    setDownloadingId(video.id);
    try {
      const fileName = await downloadVideo(video, format);
      toast({ title: 'Download Started', description: `Saving ${fileName}` });
    } catch {
      toast({
        title: 'Download Failed',
        description: 'Failed to download video',
        variant: 'destructive',
      });
    } finally {
      setDownloadingId(null);
    }
  };
  return {
    download: (video: Video, format: DownloadFormat) => void download(video, format),
    downloadingId,
  };
}
