import {
  DEFAULT_AI_MODEL,
  DEFAULT_DIRECTION,
  DEFAULT_HAND,
  DEFAULT_VIDEO_SHAPE,
  DRAWING_TIME,
  FILL_LEVEL,
  GRAYSCALE_LEVEL,
  ZONE_LIMITS,
} from '@rasma/contract/constants';
import { audioSettingsSchema } from '@rasma/contract/audio';
import { strokeEditsSchema } from '@rasma/contract/stroke-edits';
import {
  aiModelSchema,
  brushSizeSchema,
  directionSchema,
  drawingTimeSchema,
  fillLevelSchema,
  grayscaleLevelSchema,
  handSchema,
  videoShapeSchema,
  zonePointsSchema,
} from '@rasma/contract/video-fields';
import { z } from 'zod';
import { EngineError } from './errors.js';

/**
 * The engine checks each setting with the product's own field schemas
 * (`@rasma/contract/video-fields`), so whatever the API accepts the engine renders, and nothing
 * else; it adds its defaults and its own options (size, seed). It imports no HTTP schema.
 */
const outputSizeSchema = z.union([z.literal(1280), z.literal(1920), z.literal(3840)]);
/** 1080p: the long side of the 16:9 frame a video fits in. */
export const DEFAULT_OUTPUT_SIZE = 1920;

/** A Special Zone: the polyline through `points`, thickened by `brushSize`, in image pixels. */
const strokeMaskSchema = z.object({
  /** A timestamp string in the spec; numbers are accepted and turned into strings. */
  id: z.union([z.string(), z.number()]).transform(String),
  points: zonePointsSchema,
  brushSize: brushSizeSchema,
  direction: directionSchema.default(DEFAULT_DIRECTION),
  fillLevel: fillLevelSchema.default(FILL_LEVEL.zoneDefault),
});

const renderOptionsSchema = z.object({
  strokeMasks: z.array(strokeMaskSchema).max(ZONE_LIMITS.maxZones).default([]),
  direction: directionSchema.default(DEFAULT_DIRECTION),
  grayscaleLevel: grayscaleLevelSchema.default(GRAYSCALE_LEVEL.default),
  aiModel: aiModelSchema.default(DEFAULT_AI_MODEL),
  drawingTime: drawingTimeSchema.default(DRAWING_TIME.default),
  /** 720p, 1080p or 4K: the long side of the 16:9 frame (turned to the picture) the video fits in. */
  size: outputSizeSchema.default(DEFAULT_OUTPUT_SIZE),
  /** The picture's own proportions, or a 16:9, 9:16 or 1:1 frame with the picture fitted in it. */
  shape: videoShapeSchema.default(DEFAULT_VIDEO_SHAPE),
  /** What draws: a hand holding the pen, the pen alone, or nothing. */
  hand: handSchema.default(DEFAULT_HAND),
  /** Seed for every random choice (hand wobble, colour brush edge). */
  seed: z.number().int().default(1),
  /** The person's stroke edits, in the source image's pixels (as the zones' points). */
  edits: strokeEditsSchema.optional(),
  /**
   * How the render's audio files (`RenderParams.audio`) are trimmed, set and faded; the same
   * schema the API checks a video's sound with.
   */
  audio: audioSettingsSchema.optional(),
});

export type RenderOptionsInput = z.input<typeof renderOptionsSchema>;
export type RenderOptions = z.output<typeof renderOptionsSchema>;
export type StrokeMask = z.output<typeof strokeMaskSchema>;

/** Parses options, or throws EngineError INVALID_OPTIONS naming the first bad field. */
export function parseRenderOptions(input: unknown): RenderOptions {
  const result = renderOptionsSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : 'options';
  throw new EngineError(
    'INVALID_OPTIONS',
    `Invalid option ${path}: ${issue?.message ?? 'invalid value'}`,
  );
}
