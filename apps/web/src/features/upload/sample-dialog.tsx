import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { sampleFile } from './sample-file';
import { SAMPLE_IMAGES, type SampleImage } from './samples';

/** The samples to choose from; the one picked becomes the chosen image and the dialog closes. */
export function SampleDialog({
  onClose,
  onImage,
}: {
  onClose: () => void;
  onImage: (file: File) => void;
}) {
  const [loading, setLoading] = useState<string | null>(null);

  const pick = async (sample: SampleImage) => {
    setLoading(sample.title);
    try {
      const file = await sampleFile(sample);
      onClose();
      onImage(file);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to load sample image. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setLoading(null);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <div className="pr-8">
          <DialogTitle>Choose a Sample Image</DialogTitle>
          <DialogDescription>Pick one to try Rasma with our own artwork.</DialogDescription>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {SAMPLE_IMAGES.map((sample) => (
            <li key={sample.title}>
              <button
                type="button"
                disabled={loading !== null}
                onClick={() => void pick(sample)}
                className="group relative w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-left transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ink-soft focus-visible:outline-none disabled:cursor-wait"
              >
                <img
                  src={sample.thumbnail}
                  alt=""
                  className="aspect-[4/3] w-full object-cover transition-transform group-hover:scale-105"
                />
                <span className="block border-t border-slate-100 px-3 py-2 text-sm font-medium text-ink">
                  {sample.title}
                </span>
                {loading === sample.title && (
                  <span className="absolute inset-0 flex items-center justify-center bg-white/70">
                    <Spinner className="h-6 w-6 text-ink-soft" />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
