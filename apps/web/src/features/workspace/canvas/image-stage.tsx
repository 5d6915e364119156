import type { Point } from '@rasma/contract';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { Zone } from '../zones/zone';
import type { Size } from './coordinates';
import { ZoneCanvas } from './zone-canvas';

/** The tallest the image is shown, so settings stay in reach; small images are enlarged to fit. */
export const MAX_SHOWN_HEIGHT = '65vh';

/** The video's frame around the picture, and where the picture lies in it (frame pixels). */
export interface FramedPicture {
  frame: Size;
  picture: { left: number; top: number; width: number; height: number };
}

const reachesEdges = ({ frame, picture }: FramedPicture) =>
  picture.width === frame.width && picture.height === frame.height;

const percentOf = (value: number, whole: number) => `${(100 * value) / whole}%`;

/**
 * The image being worked on, with the zone canvas laid exactly over it once its own size is known.
 * Without `framed` the image fills the stage; with it the stage is the video's frame, white paper
 * with dashed edges where the picture does not reach them, the picture placed in it as the video
 * places it (and `children` cover the whole frame).
 */
export function ImageStage({
  src,
  alt,
  zones,
  brushSize,
  onPaint,
  cover,
  framed,
  children,
}: {
  src: string;
  alt: string;
  zones: readonly Zone[];
  brushSize: number;
  onPaint: (points: Point[], brushSize: number) => void;
  /** Shown in the image's place, under the zones (the live outline). */
  cover?: ReactNode;
  /** The video's frame around the picture (a scene of a story): the stage shows it whole. */
  framed?: FramedPicture;
  /** Shown over the image and its zones (a progress overlay, the text). */
  children?: ReactNode;
}) {
  const [natural, setNatural] = useState<Size | null>(null);
  const stage = framed?.frame ?? natural;
  const picture = (
    <>
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
          framed ? 'h-full w-full' : natural ? 'h-auto w-full' : 'max-h-[65vh] w-auto max-w-full',
        )}
      />
      {cover}
      {natural && (
        <ZoneCanvas natural={natural} zones={zones} brushSize={brushSize} onPaint={onPaint} />
      )}
    </>
  );
  return (
    <div
      className={cn(
        'relative mx-auto max-w-full',
        framed && 'rounded-lg bg-white',
        framed &&
          !reachesEdges(framed) &&
          'outline-2 outline-offset-0 outline-slate-400 outline-dashed',
      )}
      style={
        stage
          ? {
              width: `min(100%, calc(${MAX_SHOWN_HEIGHT} * ${stage.width / stage.height}))`,
              aspectRatio: framed && `${stage.width} / ${stage.height}`,
            }
          : undefined
      }
    >
      {framed ? (
        <div
          className="absolute"
          style={{
            left: percentOf(framed.picture.left, framed.frame.width),
            top: percentOf(framed.picture.top, framed.frame.height),
            width: percentOf(framed.picture.width, framed.frame.width),
            height: percentOf(framed.picture.height, framed.frame.height),
          }}
        >
          {picture}
        </div>
      ) : (
        picture
      )}
      {children}
    </div>
  );
}
