import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const DIRECTIONS = [
  'Left to right',
  'Right to left',
  'Top to bottom',
  'Bottom to top',
] as const;
export const directionSchema = z.enum(DIRECTIONS);
export type Direction = z.infer<typeof directionSchema>;
export const DEFAULT_DIRECTION: Direction = 'Left to right';

export const AI_MODELS = ['rasma-ai', 'rasma-ai-color'] as const;
export const aiModelSchema = z.enum(AI_MODELS);
export type AiModel = z.infer<typeof aiModelSchema>;
export const DEFAULT_AI_MODEL: AiModel = 'rasma-ai';
export const MODEL_CREDIT_COST: Record<AiModel, number> = { 'rasma-ai': 10, 'rasma-ai-color': 15 };

export const BRUSH_SIZES = { Small: 10, Medium: 20, Large: 35, 'X-Large': 50 } as const;
export const DEFAULT_BRUSH_SIZE = BRUSH_SIZES.Medium;
export const DRAWING_TIME = { min: 1, max: 100, default: 15 } as const;
export const DEFAULT_GRAYSCALE_LEVEL = 128;
export const DEFAULT_ZONE_FILL_LEVEL = 50;

export const pointSchema = z.object({ x: z.number().finite(), y: z.number().finite() });
export type Point = z.infer<typeof pointSchema>;

export const fillLevelSchema = z.number().int().min(0).max(100);

/** A Special Zone: a painted path; list order is the drawing order. */
export const strokeMaskSchema = z.object({
  id: z.string().min(1).max(64),
  points: z.array(pointSchema).min(1, 'A Special Zone needs at least one point').max(100_000),
  brushSize: z.number().finite().positive().max(500),
  direction: directionSchema.default(DEFAULT_DIRECTION),
  fillLevel: fillLevelSchema.default(DEFAULT_ZONE_FILL_LEVEL),
});
export type StrokeMask = z.infer<typeof strokeMaskSchema>;

export const grayscaleLevelSchema = z.number().int().min(0).max(255);

/** The JSON in the `blobData` field of `POST /api/videos/create` (multipart, with the image file). */
export const createVideoBlobDataSchema = z.object({
  strokeMasks: z.array(strokeMaskSchema).max(200).default([]),
  direction: directionSchema.default(DEFAULT_DIRECTION),
  grayscaleLevel: grayscaleLevelSchema.default(DEFAULT_GRAYSCALE_LEVEL),
  aiModel: aiModelSchema.default(DEFAULT_AI_MODEL),
  drawingTime: z
    .number()
    .int()
    .min(DRAWING_TIME.min)
    .max(DRAWING_TIME.max)
    .default(DRAWING_TIME.default),
});
export type CreateVideoBlobData = z.infer<typeof createVideoBlobDataSchema>;

export const VIDEO_STATUSES = ['processing', 'completed', 'failed'] as const;
export const videoStatusSchema = z.enum(VIDEO_STATUSES);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: videoStatusSchema,
  progress: z.number().int().min(0).max(100),
  thumbnailUrl: z.string().nullable(),
  createdAt: isoDateSchema,
});
export type Video = z.infer<typeof videoSchema>;

export const createVideoResponseSchema = z.object({ message: z.string(), video: videoSchema });
export type CreateVideoResponse = z.infer<typeof createVideoResponseSchema>;

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});
export const videosPageResponseSchema = z.object({
  videos: z.array(videoSchema),
  pagination: paginationSchema,
});
export type VideosPageResponse = z.infer<typeof videosPageResponseSchema>;

/** One server-sent event on `GET /api/video-progress/{userId}`. */
export const videoProgressEventSchema = z.object({
  type: z.literal('videoProgress'),
  videoId: z.string(),
  progress: z.number().int().min(0).max(100),
  status: videoStatusSchema,
});
export type VideoProgressEvent = z.infer<typeof videoProgressEventSchema>;

/** Multipart fields of `POST /api/preview-outline` besides the image file. */
export const previewMaskDetailSchema = z.object({
  points: z.array(pointSchema).min(1).max(100_000),
  brushSize: z.number().finite().positive().max(500),
  fillLevel: fillLevelSchema,
});
export const previewOutlineFieldsSchema = z.object({
  globalThreshold: grayscaleLevelSchema,
  maskDetails: z.array(previewMaskDetailSchema).max(200).default([]),
});
export type PreviewOutlineFields = z.infer<typeof previewOutlineFieldsSchema>;

/** `image` is a `data:image/png;base64,...` URL of the outline. */
export const previewOutlineResponseSchema = z.object({ success: z.boolean(), image: z.string() });
export type PreviewOutlineResponse = z.infer<typeof previewOutlineResponseSchema>;

export const imageSchema = z.object({
  id: z.string(),
  originalName: z.string(),
  uploadedAt: isoDateSchema,
});
export type Image = z.infer<typeof imageSchema>;
export const imagesResponseSchema = z.array(imageSchema);

export const aiPreferenceResponseSchema = z.object({ aiModel: aiModelSchema });
export type AiPreferenceResponse = z.infer<typeof aiPreferenceResponseSchema>;
