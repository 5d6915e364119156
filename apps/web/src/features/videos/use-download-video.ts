import { useState } from 'react';
import { toast } from '@/hooks/use-toast';
import type { Video } from '@/lib/contract';
import { fetchVideoFile } from './api';
import { fileNameFromDisposition } from './content-disposition';

/** Fetches the MP4 (with the session cookie) and hands it to the browser as a file to save. */
async function downloadVideo(video: Video): Promise<string> {
  const response = await fetchVideoFile(video.id);
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? `video_${video.id}.mp4`;
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

/** Spec 2.5: downloads one video at a time; `downloadingId` is the one under way. */
export function useDownloadVideo() {
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const download = async (video: Video) => {
    setDownloadingId(video.id);
    try {
      const fileName = await downloadVideo(video);
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
  return { download: (video: Video) => void download(video), downloadingId };
}
