import { imageFormatOf } from '@rasma/contract/image-formats';
import { shownImageSize, type ImageSize } from '@/features/upload/image-size';
import type { VideoShape } from '@/lib/contract';

/** The long side of a blank board as the editor shows and plans it (it has no pixels to keep). */
const PAPER_LONG_SIDE = 1600;

/** The frame of each shape, width over height ('original': the story's first picture's own). */
const SHAPE_PROPORTIONS: Record<Exclude<VideoShape, 'original'>, number> = {
  '16:9': 16 / 9,
  '9:16': 9 / 16,
  '1:1': 1,
};

/** A blank board's size: the video's shape, or the proportions of the story's own picture. */
export function paperSize(shape: VideoShape, picture: ImageSize | null): ImageSize {
  const proportions =
    shape === 'original'
      ? picture
        ? picture.width / picture.height
        : SHAPE_PROPORTIONS['16:9']
      : SHAPE_PROPORTIONS[shape];
  return proportions >= 1
    ? { width: PAPER_LONG_SIDE, height: Math.round(PAPER_LONG_SIDE / proportions) }
    : { width: Math.round(PAPER_LONG_SIDE * proportions), height: PAPER_LONG_SIDE };
}

/** A picture's size as shown, from its header; null when it cannot be read. */
export async function pictureSize(file: Blob): Promise<ImageSize | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = imageFormatOf(bytes);
  return format && shownImageSize(bytes, format);
}

/** White paper of `size` as a PNG: what the editor's tools work on for a blank board. */
export async function blankPaper({ width, height }: ImageSize): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the canvas gave no image');
  return new File([blob], 'Blank board.png', { type: 'image/png' });
}
