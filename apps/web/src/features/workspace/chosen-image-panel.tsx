import { Button } from '@/components/ui/button';
import type { ChosenImage } from './use-chosen-image';

export function ChosenImagePanel({
  chosen: { image, previewUrl },
  onChooseAnother,
}: {
  chosen: ChosenImage;
  onChooseAnother: () => void;
}) {
  return (
    <section
      aria-label="Chosen image"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <img
        src={previewUrl}
        alt={image.name}
        className="max-h-[60vh] w-full rounded-lg object-contain"
      />
      <div className="flex items-center justify-between gap-4">
        <p className="truncate text-sm text-slate-700">{image.name}</p>
        <Button variant="outline" onClick={onChooseAnother}>
          Choose another image
        </Button>
      </div>
    </section>
  );
}
