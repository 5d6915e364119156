import type { EditedPart, HandHold, SketchZone, StrokePlanParams } from '@rasma/engine/outline';
import type { Direction, StrokeEdits } from '@/lib/contract';

/** What the strokes are planned from: the image (decoded in the worker) and the settings. */
export interface StrokePlanInput {
  image: Blob;
  /** The screen-sized copy's long side; the image is never enlarged. */
  longSide: number;
  /** The zones in list order, in the image's own pixels, with their directions. */
  zones: readonly SketchZone[];
  settings: Omit<StrokePlanParams, 'zones' | 'zoneScale'>;
}

/** Main thread -> stroke worker: the edits to show, and new settings when they changed. */
export interface StrokeEditorRequest {
  id: number;
  /** Plan the strokes anew from this (absent: edit the last plan). */
  plan?: StrokePlanInput;
  edits: StrokeEdits;
  /** Also work out the preview's frames. */
  play: boolean;
}

/** A part of the edited drawing, with when the video draws it (seconds). */
export interface PartView extends EditedPart {
  start: number;
  end: number;
}

/** The drawing frame by frame, as the video reveals it. */
export interface PlayData {
  drawFrames: number;
  /** The outline picture: what each revealed pixel becomes (grey 0-255). */
  grey: Uint8Array<ArrayBuffer>;
  /** Pixels revealed in frame k: order[start[k] .. start[k + 1]). */
  order: Int32Array<ArrayBuffer>;
  start: Int32Array<ArrayBuffer>;
  /** The hand's pen tip in each frame (x, y pairs), its path smoothed as the video's. */
  tips: Float32Array<ArrayBuffer>;
  /** How the hand is held, and its box's size in picture pixels. */
  hold: HandHold;
  handSize: number;
}

/** Stroke worker -> main thread: the edited drawing, or why there is none. */
export type StrokeEditorResponse =
  | {
      id: number;
      /** The request that made the plan this edits: a new one means the settings changed. */
      planId: number;
      width: number;
      height: number;
      /** The image's own size: edits are in its pixels. */
      sourceWidth: number;
      sourceHeight: number;
      /** The parts the plan has before edits (the edits of other parts no longer match). */
      plannedParts: string[];
      /** Each group's direction: 0 the picture outside the zones, i zone i. */
      directions: Direction[];
      /** The parts in the edited order. */
      parts: PartView[];
      /** Stroke i of the edited drawing: pixels[offsets[i] .. offsets[i + 1]). */
      offsets: Int32Array<ArrayBuffer>;
      pixels: Int32Array<ArrayBuffer>;
      /** The strokes' pixels sorted by place, to find a stroke under the pointer. */
      grid: {
        cellStart: Int32Array<ArrayBuffer>;
        entries: Int32Array<ArrayBuffer>;
        strokeAt: Int32Array<ArrayBuffer>;
      };
      /** Each pixel's stroke: -2 paper, -1 ink the pen never passes. */
      inkStroke: Int32Array<ArrayBuffer>;
      play?: PlayData;
    }
  | { id: number; error: string };

export type StrokeView = Extract<StrokeEditorResponse, { planId: number }>;
