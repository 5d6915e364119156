import type { PricedScene } from '@/lib/contract';
import type { Size } from '@/features/workspace/canvas/coordinates';

/** What the editor of a story's scene shows besides today's editor. */
export interface SceneStory {
  /** Whether the project is a story: the scene's hold and lengths show. */
  told: boolean;
  /**
   * Where the scene starts in the video, its length (to its transition; with the voice's tail on
   * the last scene) and the whole video's, in seconds. One picture: 0, and the video's twice.
   */
  seconds: { start: number; scene: number; story: number };
  /** The scenes as the price counts them. */
  priced: readonly PricedScene[];
  /** The video's frame (its proportions), and whether the scene's picture is all of it. */
  frame: { size: Size; fills: boolean };
}
