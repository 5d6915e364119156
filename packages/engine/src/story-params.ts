/** What a story's render takes and gives (`renderStoryVideo`). */
import type { StoryScene } from '@rasma/contract/story';
import type { RenderParams, RenderResult } from './render-params.js';

/** A scene's settings: the contract's `StoryScene` without its picture (given as `input`). */
export type SceneSettings = Omit<StoryScene, 'picture'>;

export interface StorySceneInput {
  /** Image file path or bytes; absent: a blank board. */
  input?: string | Buffer;
  scene: SceneSettings;
}

/**
 * A story's render: `RenderParams` without `input`, the scenes in their order instead.
 * `options` carries what is story-wide: the model (aiModel), the shape, size, hand, seed and
 * the sound's settings; each scene's own settings come with it.
 */
export interface StoryRenderParams extends Omit<RenderParams, 'input'> {
  scenes: StorySceneInput[];
}

export interface StoryRenderResult extends RenderResult {
  sceneCount: number;
}
