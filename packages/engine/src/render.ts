/**
 * renderSketchVideo: one picture into a hand-drawn sketch MP4, rendered as a story of one scene
 * (`renderStory`): the same pipeline, so a one-scene story is exactly this video.
 */
import { STORY_LIMITS } from '@rasma/contract/story';
import { parseRenderOptions } from './options.js';
import type { InternalRenderParams, RenderParams, RenderResult } from './render-params.js';
import { renderStory } from './story-render.js';
import { HOLD_SECONDS } from './timeline.js';

export type { InternalRenderParams, RenderParams, RenderResult } from './render-params.js';
export { STAGE_LOG } from './render-work.js';

/** Renders an image into a hand-drawn sketch MP4. Throws EngineError on any failure. */
export function renderSketchVideo(params: RenderParams): Promise<RenderResult> {
  return renderVideo(params);
}

/** One picture as a story's one scene: its settings from the options, held `HOLD_SECONDS`. */
export async function renderVideo(params: InternalRenderParams): Promise<RenderResult> {
  const options = parseRenderOptions(params.options);
  const { input, ...rest } = params;
  // The edits go as the scene's alone: the story's options are not checked with them again.
  const { edits, ...storyWide } = options;
  const { sceneCount: _, ...result } = await renderStory({
    ...rest,
    options: storyWide,
    scenes: [
      {
        input,
        scene: {
          id: 'picture',
          direction: options.direction,
          grayscaleLevel: options.grayscaleLevel,
          drawingTime: options.drawingTime,
          strokeMasks: options.strokeMasks,
          ...(edits ? { edits } : {}),
          holdSeconds: HOLD_SECONDS,
          texts: [],
          transition: { kind: 'cut', seconds: STORY_LIMITS.transitionSeconds.default },
        },
      },
    ],
  });
  return result;
}
