/**
 * The fields of a video's settings, as both the API (`createVideoBlobDataSchema`) and the engine's
 * render options check them: one schema each, so whatever the API takes the engine renders. Plain
 * zod and constants (`@rasma/contract/video-fields`), no HTTP schema.
 */
import { z } from 'zod';
import {
  AI_MODELS,
  DEFAULT_DIRECTION,
  DIRECTIONS,
  DRAWING_TIME,
  FILL_LEVEL,
  GRAYSCALE_LEVEL,
  HANDS,
  VIDEO_SHAPES,
  ZONE_LIMITS,
} from './constants.js';

export const directionSchema = z.enum(DIRECTIONS);
export const aiModelSchema = z.enum(AI_MODELS);
export const videoShapeSchema = z.enum(VIDEO_SHAPES);
export const handSchema = z.enum(HANDS);

export const pointSchema = z.object({ x: z.number().finite(), y: z.number().finite() });
export type Point = z.infer<typeof pointSchema>;

export const fillLevelSchema = z.number().int().min(FILL_LEVEL.min).max(FILL_LEVEL.max);
export const brushSizeSchema = z.number().finite().positive().max(ZONE_LIMITS.maxBrushSize);
export const zonePointsSchema = z
  .array(pointSchema)
  .min(1, 'A Special Zone needs at least one point')
  .max(ZONE_LIMITS.maxPointsPerZone);

export const grayscaleLevelSchema = z
  .number()
  .int()
  .min(GRAYSCALE_LEVEL.min)
  .max(GRAYSCALE_LEVEL.max);

export const drawingTimeSchema = z.number().int().min(DRAWING_TIME.min).max(DRAWING_TIME.max);

/**
 * The seconds a typed drawing-time entry stands for, else null: digits only (no sign, point or
 * exponent) whose number `drawingTimeSchema` takes.
 */
export function drawingTimeOfEntry(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const seconds = drawingTimeSchema.safeParse(Number(text));
  return seconds.success ? seconds.data : null;
}

/** A Special Zone: a painted path; list order is the drawing order. */
export const strokeMaskSchema = z.object({
  id: z.string().min(1).max(ZONE_LIMITS.maxIdLength),
  points: zonePointsSchema,
  brushSize: brushSizeSchema,
  direction: directionSchema.default(DEFAULT_DIRECTION),
  fillLevel: fillLevelSchema.default(FILL_LEVEL.zoneDefault),
});
export type StrokeMask = z.infer<typeof strokeMaskSchema>;
