/**
 * When a scene's text blocks are written. The scene's drawing time holds its picture and its text:
 * each block is written at its natural speed (`textWritingSeconds`) at its moment, before the
 * picture, after it or right after a part of the drawing, and the picture's strokes take the
 * rest. When the text's natural time does not fit in half the drawing time (all of it on a blank
 * board), every block is written faster by the same factor to fit. Pure, browser-safe: the web
 * app's preview times the text as the video does.
 */
import type { TextBlock } from '@rasma/contract/story';
import { textWritingSeconds } from './handwriting.js';
import { FPS } from './timeline.js';

/** Of a picture scene's drawing time, the text takes at most this share. */
const TEXT_SHARE_WITH_PICTURE = 0.5;

export interface TextScheduleScene {
  drawingTime: number;
  texts: readonly Pick<TextBlock, 'id' | 'text' | 'style' | 'at'>[];
  /** A blank board: no picture, the text alone. */
  blank: boolean;
}

/** One block's writing, in the scene's frames (`end` exclusive). */
export interface TextWriting {
  id: string;
  /** The block's index in the scene's `texts`. */
  block: number;
  start: number;
  end: number;
}

/**
 * A stretch of the scene's drawing frames: the picture being drawn (its frames from `from` on), or
 * a block being written. The picture stretches of a blank board draw nothing.
 */
export type DrawingStretch =
  | { kind: 'picture'; start: number; end: number; from: number }
  | { kind: 'text'; start: number; end: number; block: number };

export interface TextSchedule {
  /** The scene's drawing frames: the drawing time. */
  drawFrames: number;
  /** Of these, the frames the picture's strokes take (the rest of a blank board's are idle). */
  pictureFrames: number;
  /** How much faster than natural the text is written (1: natural speed). */
  speedUp: number;
  /** The blocks in the order they are written. */
  texts: TextWriting[];
  /** The drawing frames in order, stretch by stretch. */
  stretches: DrawingStretch[];
}

/**
 * The scene's text timing. `partEnds` gives, for a part of the drawing (`"group.band"`,
 * `"added.n"`), when it ends as a share (0-1) of the picture's drawing; a block written at a part
 * it does not name (or on a blank board, where every block is written in turn from the start) is
 * written as if `after`.
 */
export function sceneTextSchedule(
  scene: TextScheduleScene,
  partEnds: ReadonlyMap<string, number> = new Map(),
): TextSchedule {
  const drawFrames = Math.round(scene.drawingTime * FPS);
  const natural = scene.texts.map((block) => textWritingSeconds(block) * FPS);
  const total = natural.reduce((sum, frames) => sum + frames, 0);
  const budget = scene.blank ? drawFrames : Math.floor(drawFrames * TEXT_SHARE_WITH_PICTURE);
  const speedUp = Math.max(1, total / budget);
  const frames = natural.map((n) => Math.max(1, Math.floor(n / speedUp)));
  const textFrames = frames.reduce((sum, n) => sum + n, 0);
  const pictureFrames = scene.blank ? 0 : drawFrames - textFrames;
  // Where in the picture's drawing each block is written (a share of it; -1 before it starts).
  const moment = (at: string) =>
    scene.blank ? 0 : at === 'before' ? -1 : at === 'after' ? 1 : (partEnds.get(at) ?? 1);
  const order = scene.texts
    .map((block, index) => ({ index, share: moment(block.at) }))
    .sort((a, b) => a.share - b.share || a.index - b.index);
  const stretches: DrawingStretch[] = [];
  const texts: TextWriting[] = [];
  let picture = 0;
  let frame = 0;
  const drawPictureUntil = (until: number) => {
    if (until <= picture) return;
    stretches.push({ kind: 'picture', start: frame, end: frame + until - picture, from: picture });
    frame += until - picture;
    picture = until;
  };
  for (const { index, share } of order) {
    drawPictureUntil(Math.round(Math.min(1, Math.max(0, share)) * pictureFrames));
    const end = frame + frames[index]!;
    stretches.push({ kind: 'text', start: frame, end, block: index });
    texts.push({ id: scene.texts[index]!.id, block: index, start: frame, end });
    frame = end;
  }
  drawPictureUntil(drawFrames - textFrames);
  return { drawFrames, pictureFrames, speedUp, texts, stretches };
}
