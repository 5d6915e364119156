/** renderStoryVideo: several scenes, with their text and transitions, into one MP4. */
import { EngineError } from './errors.js';
import type { StoryRenderParams, StoryRenderResult } from './story-params.js';

export function renderStoryVideo(params: StoryRenderParams): Promise<StoryRenderResult> {
  return Promise.reject(
    new EngineError('INVALID_OPTIONS', `Stories (${params.scenes.length} scenes) come next`),
  );
}
