/**
 * Frames: a persistent yuv420p canvas painted incrementally. Each frame only paints the pixels
 * revealed since the previous one, then draws the hand in its own box and remembers what was
 * under it, to restore before the next frame. Pure, no Node imports.
 */
import { Drawing } from './plan.js';
import type { DrawingPlan } from './plan.js';
import type { SpritePlane } from './sprite.js';
import { Underlay, planeSize } from './sprite.js';
import { TEXT_GREY } from './text-ink.js';
import type { TextInk } from './text-ink.js';
import type { DrawingStretch } from './text-schedule.js';
import { GREY_TO_Y, frameBytes } from './yuv.js';

/** Which way the arm reaches from the pen tip: x 1 to the right, -1 to the left; y 1 down, -1 up. */
export interface HandPose {
  x: 1 | -1;
  y: 1 | -1;
}

/** A right hand, its arm down and to the right of the pen, as the SVG draws it. */
const RIGHT_HAND: HandPose = { x: 1, y: 1 };

export interface HandSprite {
  /** Box size in pixels. */
  size: number;
  /** Which way its arm reaches: it leaves the picture that way. */
  pose: HandPose;
  /** Luma plane, offsets from the pen tip. */
  y: SpritePlane;
  /** Chroma planes (quarter size), offsets from the pen tip / 2. */
  u: SpritePlane;
  v: SpritePlane;
}

/** Pixels in buckets: bucket k holds order[start[k] .. start[k + 1]). */
export interface Buckets {
  order: Int32Array;
  start: Int32Array;
}

export interface ColourScript {
  frames: number;
  /** Luma pixels bucketed by the colour frame in which they take their colour. */
  luma: Buckets;
  /** Chroma samples (index into the quarter-size plane) bucketed the same way. */
  chroma: Buckets;
  /** The finished picture as a yuv420p frame. */
  final: Uint8Array;
}

export interface FrameScript extends DrawingPlan {
  /** The outline picture (grey 0-255): what each revealed pixel becomes. */
  grey: Uint8Array;
  /** Frames to render: the drawing, then the colour phase or the hand leaving. */
  frames: number;
  /** The colour plan; must be set before the first colour frame is rendered. */
  colour?: ColourScript;
  /** Frames the hand takes to leave after the drawing. */
  leaveFrames: number;
  hand?: HandSprite;
  /** The scene's text; absent, the picture takes all the drawing frames. */
  text?: SceneText;
}

/** A scene's text blocks as the frames write them (`sceneTextSchedule`, `textInk`). */
export interface SceneText {
  /** The drawing frames the picture's strokes take (0 on a blank board). */
  pictureFrames: number;
  /** The drawing frames, stretch by stretch. */
  stretches: readonly DrawingStretch[];
  /** Each block's ink, by its index in the scene. */
  inks: readonly TextInk[];
}

/** Where the pen is at a moment (`PenClock.at`). */
type PenAt = (time: number) => { x: number; y: number; down: boolean };

export class FrameRenderer {
  readonly canvas: Uint8Array;
  private frame = 0;
  private readonly chromaOffset: number;
  private readonly chromaPlane: number;
  private readonly underlay: Underlay;
  /** Times the strokes a few frames ahead of the frame being made (none on a blank board). */
  private readonly drawing: Drawing | undefined;
  /** Each text block's writing, by its index in the scene. */
  private readonly writings: Drawing[];
  /** The drawing frames' stretches (the picture's alone without text). */
  private readonly stretches: readonly DrawingStretch[];
  /** Where the hand's pen tip is in each drawing frame: the pen's path, smoothed. */
  private readonly handPath: HandPath | undefined;

  constructor(private readonly script: FrameScript) {
    const { width, height } = script;
    this.canvas = new Uint8Array(frameBytes(width, height));
    this.canvas.fill(GREY_TO_Y[255]!, 0, width * height);
    this.canvas.fill(128, width * height);
    this.chromaOffset = width * height;
    this.chromaPlane = (width / 2) * (height / 2);
    const hand = script.hand;
    this.underlay = new Underlay(
      hand ? planeSize(hand.y) + planeSize(hand.u) + planeSize(hand.v) : 0,
    );
    const text = script.text;
    const pictureFrames = text ? text.pictureFrames : script.drawFrames;
    this.drawing =
      pictureFrames > 0 ? new Drawing({ ...script, drawFrames: pictureFrames }) : undefined;
    this.writings = text ? text.inks.map((ink) => new Drawing(ink.plan)) : [];
    this.stretches = text
      ? text.stretches
      : [{ kind: 'picture', start: 0, end: script.drawFrames, from: 0 }];
    this.handPath =
      hand &&
      new HandPath((time) => this.penAt(time), script.drawFrames, script.fps, hand.size, hand.pose);
  }

  /** The stretch of the drawing frames that holds frame k. */
  private stretchOf(k: number): DrawingStretch {
    const last = this.stretches.length - 1;
    return this.stretches.find((s) => k < s.end) ?? this.stretches[last]!;
  }

  /**
   * The pen at a moment of the scene's drawing: the picture's clock in its stretches, a block's
   * (moved to its box) while it is written; resting where the last block ended once a blank
   * board's text is written.
   */
  private penAt(time: number): ReturnType<PenAt> {
    const { fps, drawFrames } = this.script;
    const k = Math.min(drawFrames - 1, Math.max(0, Math.ceil(time * fps - 1e-6) - 1));
    const stretch = this.stretchOf(k);
    if (stretch.kind === 'text') return this.textPen(stretch.block, time - stretch.start / fps);
    if (this.drawing) return this.drawing.clock.at(time - (stretch.start - stretch.from) / fps);
    const before = this.stretches.findLast((s) => s.kind === 'text' && s.start < stretch.start);
    return before?.kind === 'text'
      ? { ...this.textPen(before.block, Infinity), down: false }
      : { x: 0, y: 0, down: false };
  }

  private textPen(block: number, time: number): ReturnType<PenAt> {
    const { left, top } = this.script.text!.inks[block]!;
    const pen = this.writings[block]!.clock.at(time);
    return { x: pen.x + left, y: pen.y + top, down: pen.down };
  }

  /** The finished picture without the hand (before a transition). */
  finished(): Uint8Array {
    this.restoreHand();
    return this.canvas;
  }

  /** Renders the next frame into `canvas` and returns it, or null after the last frame. */
  next(): Uint8Array | null {
    if (this.frame >= this.script.frames) return null;
    const k = this.frame++;
    const s = this.script;
    this.restoreHand();
    if (k < s.drawFrames) this.paintInk(k);
    else if (s.colour && k - s.drawFrames < s.colour.frames)
      this.paintColour(s.colour, k - s.drawFrames);
    const pos = this.handPath && this.handPosition(this.handPath, k);
    if (pos && s.hand) this.drawHand(s.hand, pos.x, pos.y);
    return this.canvas;
  }

  private paintInk(k: number): void {
    const c = this.canvas;
    const stretch = this.stretchOf(k);
    if (stretch.kind === 'text') {
      const { left, top, plan } = this.script.text!.inks[stretch.block]!;
      const { width } = this.script;
      const ink = GREY_TO_Y[TEXT_GREY]!;
      this.writings[stretch.block]!.reveal(k - stretch.start, (p) => {
        c[(top + Math.floor(p / plan.width)) * width + left + (p % plan.width)] = ink;
      });
      return;
    }
    const grey = this.script.grey;
    this.drawing?.reveal(k - stretch.start + stretch.from, (p) => (c[p] = GREY_TO_Y[grey[p]!]!));
  }

  /** The pixels whose colour is laid in in colour frame j take it (the brush passes once). */
  private paintColour(colour: ColourScript, j: number): void {
    const c = this.canvas;
    const { final, luma, chroma } = colour;
    for (let i = luma.start[j]!, end = luma.start[j + 1]!; i < end; i++) {
      const p = luma.order[i]!;
      c[p] = final[p]!;
    }
    const co = this.chromaOffset;
    const cp = this.chromaPlane;
    for (let i = chroma.start[j]!, end = chroma.start[j + 1]!; i < end; i++) {
      const q = co + chroma.order[i]!;
      c[q] = final[q]!;
      c[q + cp] = final[q + cp]!;
    }
  }

  /** Pen tip position for frame k, or null once the hand has left. */
  private handPosition(path: HandPath, k: number): { x: number; y: number } | null {
    const s = this.script;
    if (k < s.drawFrames) return path.at(k);
    const out = k - s.drawFrames + 1;
    if (out > s.leaveFrames || !s.hand) return null;
    // Out of the picture the way its arm reaches.
    const { size, pose } = s.hand;
    const last = path.at(s.drawFrames - 1);
    const e = (out / s.leaveFrames) ** 2;
    const awayX = pose.x === 1 ? s.width + size : -size;
    const awayY = pose.y === 1 ? s.height + size : -size;
    return { x: last.x + (awayX - last.x) * e, y: last.y + (awayY - last.y) * e };
  }

  private drawHand(hand: HandSprite, px: number, py: number): void {
    const { width, height } = this.script;
    const tx = Math.round(px / 2) * 2;
    const ty = Math.round(py / 2) * 2;
    const c = this.canvas;
    this.underlay.draw(c, 0, width, height, hand.y, tx, ty);
    this.underlay.draw(c, this.chromaOffset, width / 2, height / 2, hand.u, tx / 2, ty / 2);
    this.underlay.draw(
      c,
      this.chromaOffset + this.chromaPlane,
      width / 2,
      height / 2,
      hand.v,
      tx / 2,
      ty / 2,
    );
  }

  private restoreHand(): void {
    this.underlay.restore(this.canvas);
  }
}

/** Frames over which the hand's path is averaged (Gaussian sigma). */
const HAND_SMOOTHING = 3;
/** The average reaches this many frames either side. */
const HAND_REACH = Math.ceil(3 * HAND_SMOOTHING);
const HAND_WEIGHTS = Array.from({ length: 2 * HAND_REACH + 1 }, (_, i) =>
  Math.exp(-((i - HAND_REACH) ** 2) / (2 * HAND_SMOOTHING * HAND_SMOOTHING)),
);

/**
 * The hand's pen tip per drawing frame: where the pen is, raised a little (up and right) while
 * it is lifted, and averaged over a few frames. Where the pen races through hatching it lands
 * somewhere else every frame; a hand that jittered after it would uncover and cover the drawing
 * under its arm each frame, which is most of what a video costs to encode (and is not how a hand
 * looks). Along a slow stroke the average is the stroke itself. Asked frame by frame, it looks at
 * the pen only as far ahead as the average reaches.
 */
export class HandPath {
  /** The raised tip of each frame, as far as known. */
  private readonly tipX: Float32Array;
  private readonly tipY: Float32Array;
  private known = 0;
  private lift = 0;

  constructor(
    private readonly pen: (time: number) => { x: number; y: number; down: boolean },
    private readonly frames: number,
    private readonly fps: number,
    private readonly size: number,
    private readonly pose: HandPose = RIGHT_HAND,
  ) {
    this.tipX = new Float32Array(frames);
    this.tipY = new Float32Array(frames);
  }

  /**
   * The tip in frame k: the raised tips averaged with Gaussian weights (cut at 3 sigma), the
   * weights renormalised where the window passes an end of the drawing.
   */
  at(k: number): { x: number; y: number } {
    const from = Math.max(0, k - HAND_REACH);
    const to = Math.min(this.frames - 1, k + HAND_REACH);
    this.tipsUntil(to);
    let sx = 0;
    let sy = 0;
    let total = 0;
    for (let j = from; j <= to; j++) {
      const w = HAND_WEIGHTS[j - k + HAND_REACH]!;
      sx += w * this.tipX[j]!;
      sy += w * this.tipY[j]!;
      total += w;
    }
    return { x: Math.fround(sx / total), y: Math.fround(sy / total) };
  }

  private tipsUntil(last: number): void {
    for (; this.known <= last; this.known++) {
      const k = this.known;
      const tip = this.pen((k + 1) / this.fps);
      this.lift += ((tip.down ? 0 : 1) - this.lift) * 0.5;
      // Lifted, the right hand rises up and to the right; a mirrored one mirrored.
      this.tipX[k] = tip.x + this.pose.x * this.lift * this.size * 0.012;
      this.tipY[k] = tip.y - this.pose.y * this.lift * this.size * 0.018;
    }
  }
}
