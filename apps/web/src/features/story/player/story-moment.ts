import type { StoryTimeline } from '@rasma/engine/outline';
import type { Transition } from '@/lib/contract';

/** What the story shows at one frame: a scene at its own frame, or a transition part-way. */
export type StoryMoment =
  | {
      kind: 'scene';
      /** The scene's index (0 the first). */
      scene: number;
      /** Frames since the scene began: drawing, then its colour phase and hold. */
      frame: number;
    }
  | {
      kind: 'transition';
      /** The scene it leaves (the next one comes in). */
      scene: number;
      transition: Transition;
      /** How far through, 0 (its first frame) to under 1. */
      t: number;
    };

/**
 * Where `frame` falls in the story (`storyTimeline`): in a scene, or in the transition after
 * one. A frame past the end is the last scene's last.
 */
export function storyMoment(timeline: StoryTimeline, frame: number): StoryMoment {
  const { scenes, transitions } = timeline;
  for (let i = 0; i < scenes.length; i++) {
    const scene = scenes[i]!;
    if (frame < scene.start + scene.frames || i === scenes.length - 1)
      return {
        kind: 'scene',
        scene: i,
        frame: Math.max(0, Math.min(frame - scene.start, scene.frames - 1)),
      };
    const transition = transitions[i]!;
    if (frame < transition.start + transition.frames)
      return {
        kind: 'transition',
        scene: i,
        transition: transition.kind,
        t: (frame - transition.start) / transition.frames,
      };
  }
  throw new Error('A story has at least one scene');
}
