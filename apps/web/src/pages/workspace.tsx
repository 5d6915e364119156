import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ImageDropzone } from '@/features/upload/image-dropzone';
import { dataUrlToFile, takeStoredImage } from '@/features/upload/stored-image';

/** The signed-in home. The image chosen here (or carried over from try-now) starts a video. */
export function WorkspacePage() {
  const [chosen, setChosen] = useState<{ image: File; previewUrl: string } | null>(null);
  const choose = useCallback((image: File | null) => {
    setChosen(image ? { image, previewUrl: URL.createObjectURL(image) } : null);
  }, []);

  useEffect(() => {
    const stored = takeStoredImage();
    if (stored) void dataUrlToFile(stored).then(choose);
  }, [choose]);

  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.previewUrl);
  }, [chosen]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-4xl font-bold text-ink">Create a Sketch Video</h1>
      <div className="mt-8">
        {chosen ? (
          <section
            aria-label="Chosen image"
            className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <img
              src={chosen.previewUrl}
              alt={chosen.image.name}
              className="max-h-[60vh] w-full rounded-lg object-contain"
            />
            <div className="flex items-center justify-between gap-4">
              <p className="truncate text-sm text-slate-700">{chosen.image.name}</p>
              <Button variant="outline" onClick={() => choose(null)}>
                Choose another image
              </Button>
            </div>
          </section>
        ) : (
          <ImageDropzone onImage={choose} />
        )}
      </div>
    </div>
  );
}
