import { z } from 'zod';
import { EngineError } from './errors.js';
import { DIRECTIONS } from './types.js';

export const directionSchema = z.enum(DIRECTIONS);
export const aiModelSchema = z.enum(['rasma-ai', 'rasma-ai-color']);
export const outputSizeSchema = z.union([z.literal(1280), z.literal(1920), z.literal(3840)]);

const pointSchema = z.object({ x: z.number(), y: z.number() });

/** A Special Zone: the polyline through `points`, thickened by `brushSize`, in image pixels. */
export const strokeMaskSchema = z.object({
  /** A timestamp string in the spec; numbers are accepted and turned into strings. */
  id: z.union([z.string(), z.number()]).transform(String),
  points: z.array(pointSchema).min(1, 'a zone needs at least one point'),
  brushSize: z.number().positive().max(2000),
  direction: directionSchema.default('Left to right'),
  fillLevel: z.number().min(0).max(100).default(50),
});

export const renderOptionsSchema = z.object({
  strokeMasks: z.array(strokeMaskSchema).max(200).default([]),
  direction: directionSchema.default('Left to right'),
  grayscaleLevel: z.number().min(0).max(255).default(128),
  aiModel: aiModelSchema.default('rasma-ai'),
  drawingTime: z.number().int().min(1).max(100).default(15),
  /** Long side of the video in pixels. */
  size: outputSizeSchema.default(1920),
  /** Seed for every random choice (hand wobble, colour brush edge). */
  seed: z.number().int().default(1),
});

export type RenderOptionsInput = z.input<typeof renderOptionsSchema>;
export type RenderOptions = z.output<typeof renderOptionsSchema>;
export type StrokeMask = z.output<typeof strokeMaskSchema>;
export type AiModel = z.output<typeof aiModelSchema>;
export type OutputSize = z.output<typeof outputSizeSchema>;

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
