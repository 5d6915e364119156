import type { CreateVideoBlobData } from '@rasma/contract';
import type { RenderOptionsInput } from '@rasma/engine';

/**
 * The one mapping from the contract's create-video payload to the engine's options. Every field of
 * the payload is named here (the `satisfies` fails the typecheck when the contract gains a field this
 * mapping does not handle), and the result must be valid engine input.
 */
export function toRenderOptions(payload: CreateVideoBlobData): RenderOptionsInput {
  const options = {
    strokeMasks: payload.strokeMasks.map((zone) => ({
      id: zone.id,
      points: zone.points,
      brushSize: zone.brushSize,
      direction: zone.direction,
      fillLevel: zone.fillLevel,
    })),
    direction: payload.direction,
    grayscaleLevel: payload.grayscaleLevel,
    aiModel: payload.aiModel,
    drawingTime: payload.drawingTime,
    shape: payload.shape,
    hand: payload.hand,
    edits: payload.edits,
    audio: payload.audio,
  } satisfies Record<keyof CreateVideoBlobData, unknown>;
  return options;
}
