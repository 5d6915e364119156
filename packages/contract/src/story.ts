/**
 * A story's schemas: scenes, their text blocks and transitions, as the create call
 * (`blobData.scenes`) and a project's saved state (`state.scenes`) carry them. Plain zod and
 * constants (`@rasma/contract/story`), so the engine checks the same rules.
 */
import { z } from 'zod';
import { DEFAULT_DIRECTION, DRAWING_TIME, GRAYSCALE_LEVEL, ZONE_LIMITS } from './constants.js';
import { anyPartIdSchema, strokeEditsSchema } from './stroke-edits.js';
import {
  BLANK_PICTURE,
  DEFAULT_HANDWRITING_STYLE,
  DEFAULT_TRANSITION,
  HANDWRITING_STYLES,
  STORY_LIMITS,
  STORY_MESSAGES,
  TEXT_MESSAGES,
  TEXT_MOMENTS,
  transitionSeconds,
  TRANSITIONS,
  unwritableCharacters,
} from './story-limits.js';
import {
  directionSchema,
  drawingTimeSchema,
  grayscaleLevelSchema,
  strokeMaskSchema,
} from './video-fields.js';

export * from './story-limits.js';

const L = STORY_LIMITS;
const idSchema = z.string().min(1).max(L.maxSceneIdLength);
const share = (what: string) =>
  z
    .number(`${what} must be a finite number`)
    .min(0, `${what} is 0 to 1 (a share of the frame)`)
    .max(1, `${what} is 0 to 1 (a share of the frame)`);

/** A block's text: NFC, 1-160 characters, at most 4 lines, only characters the hand can write. */
export const textSchema = z
  .string()
  .transform((text) => text.normalize('NFC').replace(/\r\n?/g, '\n'))
  .check((ctx) => {
    const text = ctx.value;
    const issue = (message: string) => ctx.issues.push({ code: 'custom', message, input: text });
    if (text.trim() === '') issue(TEXT_MESSAGES.empty);
    if ([...text].length > L.maxTextLength) issue(TEXT_MESSAGES.tooLong);
    if (text.split('\n').length > L.maxTextLines) issue(TEXT_MESSAGES.tooManyLines);
    const unwritable = unwritableCharacters(text);
    if (unwritable.length > 0) issue(TEXT_MESSAGES.character(unwritable));
  });

/**
 * Typed text the hand writes in its place on the scene. Its position and size are shares of the
 * frame, so it holds at any video size and shape.
 */
export const textBlockSchema = z.object({
  id: idSchema,
  text: textSchema,
  style: z.enum(HANDWRITING_STYLES).default(DEFAULT_HANDWRITING_STYLE),
  /** The block's centre: 0 is the frame's left (top) edge, 1 its right (bottom) edge. */
  x: share('x'),
  y: share('y'),
  /** A capital letter's height as a share of the frame's height. */
  size: z
    .number('size must be a finite number')
    .min(L.textSize.min, `size is ${L.textSize.min} to ${L.textSize.max} of the frame's height`)
    .max(L.textSize.max, `size is ${L.textSize.min} to ${L.textSize.max} of the frame's height`)
    .default(L.textSize.default),
  /** Degrees clockwise, -180 to 180. */
  rotation: z
    .number('rotation must be a finite number')
    .min(-180, 'rotation is -180 to 180 degrees')
    .max(180, 'rotation is -180 to 180 degrees')
    .default(0),
  /** When it is written: before the picture, after it, or right after a part of the drawing. */
  at: z.union([z.enum(TEXT_MOMENTS), anyPartIdSchema]).default('after'),
});
export type TextBlock = z.infer<typeof textBlockSchema>;
export type TextBlockInput = z.input<typeof textBlockSchema>;

/** How a scene gives way to the next (the last scene's is not used: it ends on its hold). */
export const sceneTransitionSchema = z.object({
  kind: z.enum(TRANSITIONS).default(DEFAULT_TRANSITION),
  /** A cut takes none; the others this long. */
  seconds: z
    .number('seconds must be a finite number')
    .min(
      L.transitionSeconds.min,
      `A transition lasts ${L.transitionSeconds.min} to ${L.transitionSeconds.max} seconds`,
    )
    .max(
      L.transitionSeconds.max,
      `A transition lasts ${L.transitionSeconds.min} to ${L.transitionSeconds.max} seconds`,
    )
    .default(L.transitionSeconds.default),
});
export type SceneTransition = z.infer<typeof sceneTransitionSchema>;

/** What every scene has, wherever it is kept: today's video settings per scene, hold and text. */
export const storySceneFields = {
  id: idSchema,
  direction: directionSchema.default(DEFAULT_DIRECTION),
  grayscaleLevel: grayscaleLevelSchema.default(GRAYSCALE_LEVEL.default),
  drawingTime: drawingTimeSchema.default(DRAWING_TIME.default),
  edits: strokeEditsSchema.optional(),
  /** Seconds the finished picture stays on screen before the transition (or the video's end). */
  holdSeconds: z
    .number('holdSeconds must be a finite number')
    .min(L.holdSeconds.min, `A hold is ${L.holdSeconds.min} to ${L.holdSeconds.max} seconds`)
    .max(L.holdSeconds.max, `A hold is ${L.holdSeconds.min} to ${L.holdSeconds.max} seconds`)
    .default(L.holdSeconds.default),
  texts: z.array(textBlockSchema).max(L.maxTextBlocks, TEXT_MESSAGES.tooManyBlocks).default([]),
  transition: sceneTransitionSchema.prefault({}),
};

/**
 * The multipart field that carries a scene's picture in the create call: `image` (the spec's
 * field) or `scene-1` to `scene-99`.
 */
export const SCENE_PICTURE_FIELD = /^(image|scene-[1-9][0-9]?)$/;

/** A scene in the create call: its picture is a multipart file, or a blank board. */
export const storySceneSchema = z.object({
  ...storySceneFields,
  picture: z.union([
    z.literal(BLANK_PICTURE),
    z
      .string()
      .regex(SCENE_PICTURE_FIELD, 'A picture is "blank", "image" or "scene-1" to "scene-99"'),
  ]),
  strokeMasks: z.array(strokeMaskSchema).max(ZONE_LIMITS.maxZones).default([]),
});
export type StoryScene = z.infer<typeof storySceneSchema>;
export type StorySceneInput = z.input<typeof storySceneSchema>;

/** What the story's length limit counts: each scene's drawing and hold, and the transitions. */
export function storyCountedSeconds(
  scenes: readonly Pick<StoryScene, 'drawingTime' | 'holdSeconds' | 'transition'>[],
): number {
  return scenes.reduce(
    (sum, scene, index) =>
      sum +
      scene.drawingTime +
      scene.holdSeconds +
      (index < scenes.length - 1 ? transitionSeconds(scene.transition) : 0),
    0,
  );
}

/** Each scene has its own id: a story being worked on and one being made alike. */
export function checkSceneIds<T extends Pick<StoryScene, 'id'>>(
  scenes: T[],
  ctx: z.core.ParsePayload<T[]>,
) {
  if (new Set(scenes.map((scene) => scene.id)).size !== scenes.length)
    ctx.issues.push({ code: 'custom', message: STORY_MESSAGES.duplicateScene, input: scenes });
}

/**
 * The rules of a story to be made, beyond each scene's: unique ids and its length. A project's
 * story is saved past the length (it is being worked on); only making a video refuses it.
 */
export function checkScenes<
  T extends Pick<StoryScene, 'id' | 'drawingTime' | 'holdSeconds' | 'transition'>,
>(scenes: T[], ctx: z.core.ParsePayload<T[]>) {
  checkSceneIds(scenes, ctx);
  if (storyCountedSeconds(scenes) > L.maxTotalSeconds)
    ctx.issues.push({ code: 'custom', message: STORY_MESSAGES.tooLong, input: scenes });
}

/** `blobData.scenes`: 1-20 scenes in the order they are drawn, each picture file named once. */
export const storyScenesSchema = z
  .array(storySceneSchema)
  .min(1, STORY_MESSAGES.noScenes)
  .max(L.maxScenes, STORY_MESSAGES.tooManyScenes)
  .check((ctx) => {
    checkScenes(ctx.value, ctx);
    const fields = ctx.value.map((scene) => scene.picture).filter((p) => p !== BLANK_PICTURE);
    if (new Set(fields).size !== fields.length)
      ctx.issues.push({
        code: 'custom',
        message: 'Each picture file belongs to one scene.',
        input: ctx.value,
      });
  });

/** A picture kept with a project: the project's own image, one uploaded for a scene, or none. */
export const projectScenePictureSchema = z.union([
  z.literal('project'),
  z.literal(BLANK_PICTURE),
  z.object({ imageId: z.uuid('Not a scene image id') }),
]);
export type ProjectScenePicture = z.infer<typeof projectScenePictureSchema>;
