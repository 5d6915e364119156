import { toast } from '@/hooks/use-toast';
import { fileNameFromDisposition } from '@/features/videos/content-disposition';
import { serverMessage } from '@/lib/http';
import { fetchAnyVideo } from './api';

/** Any user's finished video, saved under the name the server gives (else `video_{id}.mp4`). */
export async function downloadAnyVideo(id: string): Promise<void> {
  try {
    const res = await fetchAnyVideo(id);
    const url = URL.createObjectURL(await res.blob());
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download:
        fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? `video_${id}.mp4`,
    });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    toast({ title: 'Download Started', description: 'Video download started successfully' });
  } catch (error) {
    toast({
      title: 'Download Failed',
      description: serverMessage(error, 'Failed to download video'),
      variant: 'destructive',
    });
  }
}
