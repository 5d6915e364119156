/**
 * The stroke editor's drawing, off the main thread: the engine's own stroke plan (the code the
 * video uses) on a screen-sized copy of the image, kept while only the edits change; the edits
 * applied with the engine's code; and, for the preview, the frames as the video reveals them.
 */
import {
  applyStrokeEdits,
  bucketByFrame,
  Drawing,
  handBoxSize,
  HandPath,
  handPixelsPerUnit,
  handPose,
  partTimes,
  planStrokes,
  revealFrames,
  type EditedStrokes,
  type StrokePlan,
} from '@rasma/engine/outline';
import { screenCopy } from '@/features/workspace/image/screen-copy';
import type { PlayData, StrokeEditorRequest, StrokeEditorResponse, StrokeView } from './messages';
import { PAPER } from './paint-strokes';
import { strokeGrid } from './stroke-index';

interface Planned {
  planId: number;
  plan: StrokePlan;
  zoneScale: number;
  sourceWidth: number;
  sourceHeight: number;
}

let planned: Planned | undefined;

async function planFor(request: StrokeEditorRequest): Promise<Planned> {
  if (!request.plan) {
    if (!planned) throw new Error('no plan yet');
    return planned;
  }
  const { image, longSide, zones, settings } = request.plan;
  const { pixels, sourceWidth, sourceHeight } = await screenCopy(image, longSide);
  const zoneScale = pixels.width / sourceWidth;
  const plan = planStrokes(pixels, { ...settings, zones, zoneScale });
  planned = { planId: request.id, plan, zoneScale, sourceWidth, sourceHeight };
  return planned;
}

/** Each pixel's stroke in the edited drawing (through its centre-line pixel). */
function inkStrokes(edited: EditedStrokes): Int32Array<ArrayBuffer> {
  const { ink, owner, width, height } = edited.plan;
  const strokeOfCentre = new Int32Array(width * height).fill(-1);
  edited.strokes.forEach((stroke, i) => {
    for (const p of stroke.pixels) strokeOfCentre[p] = i;
  });
  const inkStroke = new Int32Array(width * height);
  for (let p = 0; p < inkStroke.length; p++) {
    const centre = owner[p]!;
    inkStroke[p] = ink[p] !== 1 ? PAPER : centre < 0 ? -1 : strokeOfCentre[centre]!;
  }
  return inkStroke;
}

/** The preview's frames: the pixels each reveals, and where the hand is. */
function playData(edited: EditedStrokes, plan: StrokePlan): PlayData {
  const drawing = edited.plan;
  const { order, start } = bucketByFrame(revealFrames(drawing), drawing.drawFrames);
  const handSize = handBoxSize(handPixelsPerUnit(drawing.width, drawing.height));
  const hold = handPose(plan.mainDirection);
  const { clock } = new Drawing(drawing);
  const path = new HandPath(
    (time) => clock.at(time),
    drawing.drawFrames,
    drawing.fps,
    handSize,
    hold,
  );
  const tips = new Float32Array(drawing.drawFrames * 2);
  for (let k = 0; k < drawing.drawFrames; k++) {
    const tip = path.at(k);
    tips[k * 2] = tip.x;
    tips[k * 2 + 1] = tip.y;
  }
  return {
    drawFrames: drawing.drawFrames,
    // A copy: the plan's own picture stays here for the next edit.
    grey: drawing.grey.slice(),
    order: order as Int32Array<ArrayBuffer>,
    start: start as Int32Array<ArrayBuffer>,
    tips,
    hold,
    handSize,
  };
}

function flatten(edited: EditedStrokes) {
  const offsets = new Int32Array(edited.strokes.length + 1);
  edited.strokes.forEach((s, i) => (offsets[i + 1] = offsets[i]! + s.pixels.length));
  const pixels = new Int32Array(offsets[edited.strokes.length]!);
  edited.strokes.forEach((s, i) => pixels.set(s.pixels, offsets[i]));
  return { offsets, pixels };
}

self.onmessage = async ({ data: request }: MessageEvent<StrokeEditorRequest>) => {
  let response: StrokeEditorResponse;
  try {
    const { planId, plan, zoneScale, sourceWidth, sourceHeight } = await planFor(request);
    const edited = applyStrokeEdits(plan, request.edits, zoneScale);
    const times = partTimes(edited);
    const geometry = flatten(edited);
    const view: StrokeView = {
      id: request.id,
      planId,
      width: plan.width,
      height: plan.height,
      sourceWidth,
      sourceHeight,
      plannedParts: plan.parts.map((part) => part.id),
      directions: [...plan.directions],
      parts: edited.parts.map((part, i) => ({
        ...part,
        start: times[i]!.start,
        end: times[i]!.end,
      })),
      ...geometry,
      grid: strokeGrid({
        width: plan.width,
        height: plan.height,
        ...geometry,
      }) as StrokeView['grid'],
      inkStroke: inkStrokes(edited),
      ...(request.play && { play: playData(edited, plan) }),
    };
    const { grid } = view;
    const buffers = [view.offsets.buffer, view.pixels.buffer, view.inkStroke.buffer];
    buffers.push(grid.cellStart.buffer, grid.entries.buffer, grid.strokeAt.buffer);
    if (view.play) {
      const { grey, order, start, tips } = view.play;
      buffers.push(grey.buffer, order.buffer, start.buffer, tips.buffer);
    }
    self.postMessage(view, { transfer: buffers });
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    self.postMessage(response);
  }
};
