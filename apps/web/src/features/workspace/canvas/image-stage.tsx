import type { Point } from '@rasma/contract';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { Zone } from '../zones/zone';
import type { Size } from './coordinates';
import { ZoneCanvas } from './zone-canvas';

/** The tallest the image is shown, so settings stay in reach; small images are enlarged to fit. */
export const MAX_SHOWN_HEIGHT = '65vh';

/**
 * The image being worked on, with the zone canvas laid exactly over it once its own size is known.
 * The image fills its frame, so the frame's rectangle is the image's.
 */
export function ImageStage({
  src,
  alt,
  zones,
  brushSize,
  onPaint,
  cover,
  children,
}: {
  src: string;
  alt: string;
  zones: readonly Zone[];
  brushSize: number;
  onPaint: (points: Point[], brushSize: number) => void;
  /** Shown in the image's place, under the zones (the live outline). */
  cover?: ReactNode;
  /** Shown over the image and its zones (a progress overlay). */
  children?: ReactNode;
}) {
  const [natural, setNatural] = useState<Size | null>(null);
  return (
    <div
      className="relative mx-auto max-w-full"
      style={
        natural
          ? { width: `min(100%, calc(${MAX_SHOWN_HEIGHT} * ${natural.width / natural.height}))` }
          : undefined
      }
    >
      <img
        src={src}
        alt={alt}
        draggable={false}
        onLoad={(event) =>
          setNatural({
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
        className={cn(
          'block rounded-lg bg-white select-none',
          natural ? 'h-auto w-full' : 'max-h-[65vh] w-auto max-w-full',
        )}
      />
      {cover}
      {natural && (
        <ZoneCanvas natural={natural} zones={zones} brushSize={brushSize} onPaint={onPaint} />
      )}
      {children}
    </div>
  );
}
