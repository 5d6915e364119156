import type { TextSchedule } from '@rasma/engine/outline';

/** What a scene shows at one of its frames. */
export interface SceneDrawing {
  /** The picture's frame on its preview's own frames (-1: none of it yet). */
  pictureFrame: number;
  /** How much of each block is written (0-1), in the scene's order of blocks. */
  written: number[];
  /** What the pen is doing: drawing the picture, writing a block, or nothing (lifted). */
  pen: { kind: 'picture' } | { kind: 'text'; block: number } | null;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * A scene at `frame` (its own frames: the drawing, then its colour phase and hold), as the engine
 * times it (`sceneTextSchedule`): the picture drawn in its stretches, squeezed into the frames the
 * text leaves it (the preview planned it over `planFrames`, the whole drawing time), and each
 * block written in its own.
 */
export function sceneDrawingAt(
  schedule: TextSchedule,
  planFrames: number,
  frame: number,
  blocks: number,
): SceneDrawing {
  const written = Array.from({ length: blocks }, (_, block) => {
    const writing = schedule.texts.find((text) => text.block === block);
    return writing ? clamp01((frame + 1 - writing.start) / (writing.end - writing.start)) : 0;
  });
  // The picture's frames drawn by the end of this frame.
  const drawn = schedule.stretches
    .filter((stretch) => stretch.kind === 'picture')
    .reduce(
      (sum, stretch) =>
        sum + Math.min(Math.max(0, frame + 1 - stretch.start), stretch.end - stretch.start),
      0,
    );
  const pictureFrame =
    schedule.pictureFrames > 0
      ? Math.min(planFrames - 1, Math.round((drawn / schedule.pictureFrames) * planFrames) - 1)
      : -1;
  const stretch = schedule.stretches.find((s) => frame >= s.start && frame < s.end);
  // A blank board's picture stretches (after its text) draw nothing: the pen rests.
  const pen =
    !stretch || (stretch.kind === 'picture' && schedule.pictureFrames === 0)
      ? null
      : stretch.kind === 'picture'
        ? ({ kind: 'picture' } as const)
        : ({ kind: 'text', block: stretch.block } as const);
  return { pictureFrame, written, pen };
}
