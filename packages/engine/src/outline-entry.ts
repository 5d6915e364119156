/** Browser-safe entry (`@rasma/engine/outline`): nothing here imports Node modules. */
export { handDrawing } from './hand-drawing.js';
export { outline, outlineToRgba } from './outline.js';
export {
  FPS,
  HOLD_SECONDS,
  LEAVE_FRAMES,
  timeline,
  videoSeconds,
  VOICE_TAIL_SECONDS,
} from './timeline.js';
export type { OutlineParams, OutlineResult } from './outline.js';
export type { Point, RgbaImage, ZoneShape } from './types.js';

// The stroke editor: the strokes as the video plans them, the person's edits applied with the
// video's own code, and the drawing played as the video times it.
export { planStrokes } from './sketch.js';
export type { SketchZone, StrokePlanParams } from './sketch.js';
export { strokeEditPoints } from './stroke-plan.js';
export type { Placement, PlannedStroke, StrokePlan } from './stroke-plan.js';
export { ADDED_GROUP, orderPartIds } from './parts.js';
export type { PlanPart, StrokeKindName } from './parts.js';
export { applyStrokeEdits, partTimes } from './edits.js';
export type { EditedPart, EditedStrokes } from './edits.js';
export { bucketByFrame, Drawing, PenClock, penAt, revealFrames } from './plan.js';
export type { DrawingPlan, PenTimeline } from './plan.js';
export { HandPath } from './frames.js';
export type { HandPose } from './frames.js';
export { handPose } from './hand-pose.js';
export type { HandHold } from './hand-pose.js';
export { HAND_TIP, handBoxSize, handPixelsPerUnit } from './hand-geometry.js';

// Stories: the hand's handwriting, its timing in a scene, the story's timeline and transitions.
export { handwritingStrokes, textWritingSeconds } from './handwriting.js';
export type { HandwrittenBlock } from './handwriting.js';
export { sceneTextSchedule } from './text-schedule.js';
export type {
  DrawingStretch,
  TextSchedule,
  TextScheduleScene,
  TextWriting,
} from './text-schedule.js';
export { storySeconds, storyTimeline } from './timeline.js';
export type { SceneFrames, StoryTimeline, TimedScene, TransitionFrames } from './timeline.js';
export { CAMERA_DROP, transitionView } from './transition-view.js';
export { fitInFrame } from './frame-margin.js';
export type { FrameFit } from './frame-margin.js';
export { textPenRadius, TEXT_GREY } from './text-ink.js';
export type { LayerView, TransitionView } from './transition-view.js';
