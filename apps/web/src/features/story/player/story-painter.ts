import { transitionView, type Point, type TextSchedule } from '@rasma/engine/outline';
import type { HeldHand } from '@/features/stroke-editor/use-held-hand';
import { InkPainting } from '@/features/stroke-editor/ink-painting';
import type { Size } from '@/features/workspace/canvas/coordinates';
import { pictureInFrame } from '../frame-fit';
import { TEXT_INK } from '../text-ink';
import { sceneDrawingAt } from './scene-drawing';
import type { StoryMoment } from './story-moment';
import { writtenStrokes } from './text-writing';
import type { PlannedPicture } from './use-planned-pictures';

/** What the painter needs of a scene: its picture once planned, its text's timing and strokes. */
export interface PaintedScene {
  picture: PlannedPicture | undefined;
  /** The picture is the frame (the story's first, at its own proportions): no paper around it. */
  fillsFrame: boolean;
  schedule: TextSchedule;
  /** Each block's strokes in the player's frame pixels, in writing order, and its pen's width. */
  texts: { strokes: Point[][]; penWidth: number }[];
  /** Its frames in the story: the last is its finished picture. */
  frames: number;
}

/** A scene's picture as drawn so far, off screen at its own size. */
interface InkLayer {
  painting: InkPainting;
  canvas: HTMLCanvasElement;
}

/**
 * Paints the story's frame on the player's canvas: a scene's picture as its preview reveals it
 * (fitted in the frame on white paper), its text as the pen writes it and the hand at the pen; or
 * a transition, the finished picture moved and faded as the engine's `transitionView` says over
 * the next scene's paper.
 */
export class StoryPainter {
  readonly #layers = new Map<PlannedPicture, InkLayer>();

  constructor(
    private readonly context: CanvasRenderingContext2D,
    /** The canvas's size: the story's frame at the player's size. */
    readonly frame: Size,
  ) {}

  paint(scenes: readonly PaintedScene[], moment: StoryMoment, hand: HeldHand | null): void {
    const { context, frame } = this;
    context.globalAlpha = 1;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, frame.width, frame.height);
    const scene = scenes[moment.scene]!;
    if (moment.kind === 'scene') {
      this.#paintScene(scene, moment.frame, { x: 0, y: 0 }, hand);
      return;
    }
    const view = transitionView(moment.transition, moment.t, frame);
    context.globalAlpha = view.outgoing.opacity;
    this.#paintScene(scene, scene.frames - 1, view.outgoing, null);
    context.globalAlpha = view.incoming.opacity;
    context.fillStyle = '#fff';
    context.fillRect(view.incoming.x, view.incoming.y, frame.width, frame.height);
    context.globalAlpha = 1;
  }

  /** Forgets the pictures no scene shows any more. */
  keepOnly(pictures: readonly (PlannedPicture | undefined)[]): void {
    for (const picture of this.#layers.keys())
      if (!pictures.includes(picture)) this.#layers.delete(picture);
  }

  #paintScene(
    scene: PaintedScene,
    frame: number,
    offset: { x: number; y: number },
    hand: HeldHand | null,
  ): void {
    const { context } = this;
    const { picture, schedule, texts } = scene;
    const drawing = sceneDrawingAt(schedule, picture?.play.drawFrames ?? 0, frame, texts.length);
    let tip: Point | null = null;
    if (picture && drawing.pictureFrame >= 0) {
      const fit = pictureInFrame(picture, this.frame, scene.fillsFrame);
      const scale = fit.width / picture.width;
      context.drawImage(
        this.#inkAt(picture, drawing.pictureFrame),
        fit.left + offset.x,
        fit.top + offset.y,
        fit.width,
        fit.height,
      );
      if (drawing.pen?.kind === 'picture') {
        const { tips } = picture.play;
        tip = {
          x: fit.left + offset.x + tips[drawing.pictureFrame * 2]! * scale,
          y: fit.top + offset.y + tips[drawing.pictureFrame * 2 + 1]! * scale,
        };
      }
    }
    context.strokeStyle = TEXT_INK;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    texts.forEach(({ strokes, penWidth }, index) => {
      context.lineWidth = penWidth;
      const written = writtenStrokes(strokes, drawing.written[index]!);
      for (const line of written.strokes) {
        context.beginPath();
        line.forEach((point, i) =>
          i === 0
            ? context.moveTo(point.x + offset.x, point.y + offset.y)
            : context.lineTo(point.x + offset.x, point.y + offset.y),
        );
        context.stroke();
      }
      if (drawing.pen?.kind === 'text' && drawing.pen.block === index && written.tip)
        tip = { x: written.tip.x + offset.x, y: written.tip.y + offset.y };
    });
    if (hand && tip) context.drawImage(hand.image, tip.x - hand.tipX, tip.y - hand.tipY);
  }

  /** The picture's ink up to `frame`, on its off-screen canvas (only what changed is put there). */
  #inkAt(picture: PlannedPicture, frame: number): HTMLCanvasElement {
    let layer = this.#layers.get(picture);
    if (!layer) {
      const canvas = document.createElement('canvas');
      canvas.width = picture.width;
      canvas.height = picture.height;
      layer = { painting: new InkPainting(picture.play, picture.width, picture.height), canvas };
      this.#layers.set(picture, layer);
    }
    const changed = layer.painting.paintTo(frame);
    if (changed)
      layer.canvas
        .getContext('2d')
        ?.putImageData(
          layer.painting.image,
          0,
          0,
          changed.left,
          changed.top,
          changed.width,
          changed.height,
        );
    return layer.canvas;
  }
}
