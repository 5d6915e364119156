import { fitInFrame, type FrameFit } from '@rasma/engine/outline';
import type { Size } from '@/features/workspace/canvas/coordinates';
import type { VideoShape } from '@/lib/contract';
import type { Scene } from './story-state';

/**
 * Whether scene `index`'s picture is the video's frame itself: a blank board (paper in the
 * frame's proportions), or the story's first picture when the shape is its own ("original"). The
 * render fits every other picture inside the frame with a margin of paper.
 */
export function fillsFrame(
  scenes: readonly Pick<Scene, 'picture'>[],
  index: number,
  shape: VideoShape,
): boolean {
  if (scenes[index]?.picture === 'blank') return true;
  return shape === 'original' && scenes.findIndex((scene) => scene.picture !== 'blank') === index;
}

/** Where a picture lies in the video's frame (frame pixels): all of it, or fitted as the render fits it. */
export function pictureInFrame(picture: Size, frame: Size, fills: boolean): FrameFit {
  return fills ? { left: 0, top: 0, ...frame } : fitInFrame(picture, frame);
}
