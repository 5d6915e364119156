import type { CreateVideoBlobData, ExportFormat, StoryScene, StrokeMask } from '@rasma/contract';
import type { RenderOptionsInput, SceneSettings } from '@rasma/engine';

/** What the engine renders a video from: its options, and a story's scenes in their order. */
export interface RenderInput {
  options: RenderOptionsInput;
  /** A story's scenes (their pictures are files the render is given by scene); none for one picture. */
  scenes?: SceneSettings[];
  /**
   * The files to make besides the MP4 (none: the MP4 alone): the transparent WebM in the render's
   * own pass, the others from its MP4 after it (`makeRenderExports`).
   */
  exports: ExportFormat[];
}

/**
 * The one mapping from the contract's create-video payload to the engine's input. Every field of
 * the payload, and of a story's scene, is named here (the `satisfies` fails the typecheck when the
 * contract gains a field this mapping does not handle), and the result must be valid engine input.
 */
export function toRenderInput(payload: CreateVideoBlobData): RenderInput {
  const { scenes, exports, ...options } = {
    strokeMasks: payload.strokeMasks.map(toZone),
    direction: payload.direction,
    grayscaleLevel: payload.grayscaleLevel,
    aiModel: payload.aiModel,
    drawingTime: payload.drawingTime,
    shape: payload.shape,
    hand: payload.hand,
    edits: payload.edits,
    audio: payload.audio,
    scenes: payload.scenes?.map(toSceneSettings),
    exports: payload.exports,
  } satisfies Record<keyof CreateVideoBlobData, unknown>;
  return { options, ...(scenes && { scenes }), exports: exports ?? [] };
}

/** A scene's settings; its picture is not among them (the render is given its file). */
function toSceneSettings(scene: StoryScene): SceneSettings {
  const { picture: _picture, ...settings } = {
    id: scene.id,
    picture: scene.picture,
    strokeMasks: scene.strokeMasks.map(toZone),
    direction: scene.direction,
    grayscaleLevel: scene.grayscaleLevel,
    drawingTime: scene.drawingTime,
    edits: scene.edits,
    holdSeconds: scene.holdSeconds,
    texts: scene.texts,
    transition: scene.transition,
  } satisfies Record<keyof StoryScene, unknown>;
  return settings;
}

const toZone = (zone: StrokeMask) => ({
  id: zone.id,
  points: zone.points,
  brushSize: zone.brushSize,
  direction: zone.direction,
  fillLevel: zone.fillLevel,
});
