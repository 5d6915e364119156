import {
  AI_MODELS,
  DEFAULT_AI_MODEL,
  DEFAULT_DIRECTION,
  DEFAULT_HAND,
  DEFAULT_VIDEO_SHAPE,
  DIRECTIONS,
  DRAWING_TIME,
  FILL_LEVEL,
  GRAYSCALE_LEVEL,
  HANDS,
  VIDEO_SHAPES,
  ZONE_LIMITS,
} from '@rasma/contract/constants';
import { strokeEditsSchema } from '@rasma/contract/stroke-edits';
import { z } from 'zod';
import { EngineError } from './errors.js';

/**
 * The engine takes the product's own enums and limits (`@rasma/contract/constants`, plain data), so
 * whatever the API accepts the engine renders, and nothing else. It imports no HTTP schema.
 */
const directionSchema = z.enum(DIRECTIONS);
const aiModelSchema = z.enum(AI_MODELS);
const outputSizeSchema = z.union([z.literal(1280), z.literal(1920), z.literal(3840)]);
/** 1080p: the long side of the 16:9 frame a video fits in. */
export const DEFAULT_OUTPUT_SIZE = 1920;
export const videoShapeSchema = z.enum(VIDEO_SHAPES);

const pointSchema = z.object({ x: z.number(), y: z.number() });

/** A Special Zone: the polyline through `points`, thickened by `brushSize`, in image pixels. */
const strokeMaskSchema = z.object({
  /** A timestamp string in the spec; numbers are accepted and turned into strings. */
  id: z.union([z.string(), z.number()]).transform(String),
  points: z
    .array(pointSchema)
    .min(1, 'a zone needs at least one point')
    .max(ZONE_LIMITS.maxPointsPerZone),
  brushSize: z.number().positive().max(ZONE_LIMITS.maxBrushSize),
  direction: directionSchema.default(DEFAULT_DIRECTION),
  fillLevel: z
    .number()
    .int()
    .min(FILL_LEVEL.min)
    .max(FILL_LEVEL.max)
    .default(FILL_LEVEL.zoneDefault),
});

const renderOptionsSchema = z.object({
  strokeMasks: z.array(strokeMaskSchema).max(ZONE_LIMITS.maxZones).default([]),
  direction: directionSchema.default(DEFAULT_DIRECTION),
  grayscaleLevel: z
    .number()
    .int()
    .min(GRAYSCALE_LEVEL.min)
    .max(GRAYSCALE_LEVEL.max)
    .default(GRAYSCALE_LEVEL.default),
  aiModel: aiModelSchema.default(DEFAULT_AI_MODEL),
  drawingTime: z
    .number()
    .int()
    .min(DRAWING_TIME.min)
    .max(DRAWING_TIME.max)
    .default(DRAWING_TIME.default),
  /** 720p, 1080p or 4K: the long side of the 16:9 frame (turned to the picture) the video fits in. */
  size: outputSizeSchema.default(DEFAULT_OUTPUT_SIZE),
  /** The picture's own proportions, or a 16:9, 9:16 or 1:1 frame with the picture fitted in it. */
  shape: videoShapeSchema.default(DEFAULT_VIDEO_SHAPE),
  /** What draws: a hand holding the pen, the pen alone, or nothing. */
  hand: z.enum(HANDS).default(DEFAULT_HAND),
  /** Seed for every random choice (hand wobble, colour brush edge). */
  seed: z.number().int().default(1),
  /** The person's stroke edits, in the source image's pixels (as the zones' points). */
  edits: strokeEditsSchema.optional(),
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
