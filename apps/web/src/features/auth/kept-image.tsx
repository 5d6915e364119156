import { readStoredImage } from '@/features/upload/stored-image';

/** The try-now image waiting through sign-in (spec 2.6), as a thumbnail with its name. */
export function KeptImage() {
  const kept = readStoredImage();
  if (!kept) return null;
  return (
    <figure className="flex items-center gap-3 rounded-lg bg-slate-50 p-2 text-left text-sm text-slate-700">
      <img
        src={kept.dataUrl}
        alt={`Your image ${kept.fileName}`}
        className="h-14 w-14 shrink-0 rounded-md bg-white object-contain"
      />
      <figcaption className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-medium text-ink">{kept.fileName}</span> is kept for you: once you are
        in, it is waiting in the workspace.
      </figcaption>
    </figure>
  );
}
