import { z } from 'zod';
import { audioSettingsSchema } from './audio.js';
import { isoDateSchema } from './common.js';
import {
  DEFAULT_AI_MODEL,
  DEFAULT_DIRECTION,
  DRAWING_TIME,
  GRAYSCALE_LEVEL,
  VIDEO_STATUSES,
  ZONE_LIMITS,
} from './constants.js';
import { exportFormatSchema, videoExportSchema } from './exports.js';
import { strokeEditsSchema } from './stroke-edits.js';
import { storyScenesSchema } from './story.js';
import {
  aiModelSchema,
  brushSizeSchema,
  directionSchema,
  drawingTimeSchema,
  fillLevelSchema,
  grayscaleLevelSchema,
  handSchema,
  strokeMaskSchema,
  videoShapeSchema,
  zonePointsSchema,
} from './video-fields.js';

export {
  aiModelSchema,
  directionSchema,
  drawingTimeOfEntry,
  fillLevelSchema,
  grayscaleLevelSchema,
  pointSchema,
  strokeMaskSchema,
  type Point,
  type StrokeMask,
} from './video-fields.js';

/** The JSON in the `blobData` field of `POST /api/videos/create` (multipart, with the image file). */
export const createVideoBlobDataSchema = z.object({
  strokeMasks: z.array(strokeMaskSchema).max(ZONE_LIMITS.maxZones).default([]),
  direction: directionSchema.default(DEFAULT_DIRECTION),
  grayscaleLevel: grayscaleLevelSchema.default(GRAYSCALE_LEVEL.default),
  aiModel: aiModelSchema.default(DEFAULT_AI_MODEL),
  drawingTime: drawingTimeSchema.default(DRAWING_TIME.default),
  /**
   * Optional, not in the spec's payload: the video's shape. Absent means `DEFAULT_VIDEO_SHAPE`
   * (the picture's own proportions, as before), which the engine applies.
   */
  shape: videoShapeSchema.optional(),
  /**
   * Optional, not in the spec's payload: what draws, a hand with its pen (one of three skin
   * tones), the pen alone or nothing. Absent means `DEFAULT_HAND` (the light-skinned hand), which
   * the engine applies.
   */
  hand: handSchema.optional(),
  /**
   * Optional, not in the spec's payload: the person's stroke edits (deleted, added and reordered
   * strokes, each part's time and direction), in the image's own pixels. Absent: as planned.
   */
  edits: strokeEditsSchema.optional(),
  /**
   * Optional, not in the spec's payload: how the voice-over and music sent beside the image (the
   * multipart files `voice` and `music`) are trimmed, set and faded. A file without settings plays
   * whole; settings without a file are ignored. Absent, with no files: a silent video, as before.
   */
  audio: audioSettingsSchema.optional(),
  /**
   * Optional, not in the spec's payload: a story of several scenes, drawn in this order with a
   * transition between each two. Each scene names the multipart file with its picture (`image`,
   * `scene-1`...) or is a blank board, and has its own zones, edits, direction, fill level,
   * drawing time, hold and text blocks; the fields above that a scene has are then not used (the
   * model, shape, hand and audio are the whole video's). Absent: one scene from `image`, as before.
   */
  scenes: storyScenesSchema.optional(),
  /**
   * Optional, not in the spec's payload: files to make beside the MP4 (`EXPORT_FORMAT_INFO`; a
   * transparent WebM adds its credits to the price). Absent: the MP4 alone, as before.
   */
  exports: z
    .array(exportFormatSchema)
    .refine((formats) => new Set(formats).size === formats.length, 'Each export format once')
    .optional(),
});
export type CreateVideoBlobData = z.infer<typeof createVideoBlobDataSchema>;

export const videoStatusSchema = z.enum(VIDEO_STATUSES);

export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: videoStatusSchema,
  progress: z.number().int().min(0).max(100),
  /** The name to ask `GET /api/thumbnails/{thumbnailUrl}` for; null until the video is done. */
  thumbnailUrl: z.string().nullable(),
  createdAt: isoDateSchema,
  aiModel: aiModelSchema,
  /** The finished video's length; null until it is done. */
  durationSeconds: z.number().nonnegative().nullable(),
  /** How many scenes it tells (1 for a video of one picture). */
  sceneCount: z.number().int().min(1).default(1),
  /** The files made or being made besides the MP4 (`EXPORT_FORMATS`), in no set order. */
  exports: z.array(videoExportSchema).default([]),
});
export type Video = z.infer<typeof videoSchema>;

/** A video, a thumbnail or a progress stream by id. */
export const videoIdParamsSchema = z.object({ id: z.uuid('Not a video id') });
export const thumbnailParamsSchema = z.object({
  name: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/,
      'Not a thumbnail name',
    ),
});
export const userIdParamsSchema = z.object({ userId: z.uuid('Not a user id') });
/** Videos per library page. */
export const VIDEOS_PAGE_SIZE = 12;

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
  points: zonePointsSchema,
  brushSize: brushSizeSchema,
  fillLevel: fillLevelSchema,
});
export const previewOutlineFieldsSchema = z.object({
  globalThreshold: grayscaleLevelSchema,
  maskDetails: z.array(previewMaskDetailSchema).max(ZONE_LIMITS.maxZones).default([]),
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
