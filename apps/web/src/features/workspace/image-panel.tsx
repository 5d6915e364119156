import type { Point } from '@rasma/contract';
import { ImagePlus, PenLine, Spline } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ToggleButton } from '@/components/ui/toggle-button';
import { ImageStage, type FramedPicture } from './canvas/image-stage';
import { OutlineCanvas } from './live-outline/outline-canvas';
import type { LiveOutline } from './live-outline/use-live-outline';
import type { ChosenImage } from './use-chosen-image';
import type { Zone } from './zones/zone';

/** The image being worked on, painted on, with a way to choose another. */
export function ImagePanel({
  shown,
  name,
  zones,
  brushSize,
  onPaint,
  onChooseAnother,
  outline,
  strokes,
  framed,
  children,
}: {
  shown: ChosenImage;
  /** The chosen file's name (the video's title comes from it). */
  name: string;
  zones: readonly Zone[];
  brushSize: number;
  onPaint: (points: Point[], brushSize: number) => void;
  onChooseAnother: () => void;
  /** The live outline view: on or off, and what it shows while on. */
  outline: { shown: boolean; onToggle: () => void; image: LiveOutline; failed: boolean };
  /** The "Edit strokes" mode: on or off, and the editor shown in the image's place while on. */
  strokes: { shown: boolean; onToggle: () => void; editor: ReactNode };
  /** The video's frame around the picture, once known (the stage shows it whole). */
  framed?: FramedPicture;
  children?: ReactNode;
}) {
  return (
    <section
      aria-label="Chosen image"
      className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="mb-3 flex flex-col gap-2 px-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        <p className="min-w-0 truncate text-sm font-medium text-slate-700" title={name}>
          {name}
        </p>
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
          <ToggleButton pressed={outline.shown} onClick={outline.onToggle}>
            <PenLine className="h-4 w-4" aria-hidden="true" />
            Live Outline
          </ToggleButton>
          <ToggleButton pressed={strokes.shown} onClick={strokes.onToggle}>
            <Spline className="h-4 w-4" aria-hidden="true" />
            Edit strokes
          </ToggleButton>
          <Button variant="outline" size="sm" onClick={onChooseAnother}>
            <ImagePlus className="h-4 w-4" aria-hidden="true" />
            Choose Another Image
          </Button>
        </div>
      </div>
      {strokes.shown ? (
        strokes.editor
      ) : (
        <>
          <div className="rounded-xl bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:20px_20px] p-2 sm:p-4">
            <ImageStage
              src={shown.previewUrl}
              alt={name}
              zones={zones}
              brushSize={brushSize}
              onPaint={onPaint}
              cover={outline.shown && outline.image && <OutlineCanvas outline={outline.image} />}
              framed={framed}
            >
              {children}
            </ImageStage>
          </div>
          <p className="mt-3 px-1 text-xs text-slate-500">
            {outline.shown && outline.failed
              ? 'The live outline could not be drawn in this browser; Preview still shows it.'
              : 'Paint on the image to add a Special Zone. Each zone is drawn first, in its own direction.'}
          </p>
        </>
      )}
    </section>
  );
}
