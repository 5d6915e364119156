import { z } from 'zod';

/**
 * The files a video can be had as besides its MP4. WebM and GIF are made from the finished MP4, at
 * Generate or later from the library, without drawing again. The transparent WebM is the drawing
 * itself (ink, colour and hand over nothing) rendered a second time, so it can only be chosen at
 * Generate (the picture is not kept after the render) and costs `credits`.
 */
export const EXPORT_FORMATS = ['webm', 'gif', 'webm-alpha'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z.enum(EXPORT_FORMATS);

export interface ExportFormatInfo {
  label: string;
  /** The download's file name ends with it. */
  extension: string;
  mimeType: string;
  /** Credits on top of the video's own price. */
  credits: number;
  /** Whether it can be made after the video, from the library. */
  later: boolean;
  /** What the library and the Generate card say of it. */
  description: string;
}

/** GIFs are kept under `maxBytes`: the size and frame rate step down from the first until one fits. */
export const GIF_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  /** Longer side in pixels and frames a second, tried in order. */
  steps: [
    { longSide: 640, fps: 12 },
    { longSide: 480, fps: 10 },
    { longSide: 360, fps: 8 },
    { longSide: 240, fps: 6 },
  ],
} as const;

export const EXPORT_FORMAT_INFO: Record<ExportFormat, ExportFormatInfo> = {
  webm: {
    label: 'WebM',
    extension: 'webm',
    mimeType: 'video/webm',
    credits: 0,
    later: true,
    description: 'VP9 video (with Opus sound when the video has sound), for the web. Free.',
  },
  gif: {
    label: 'GIF',
    extension: 'gif',
    mimeType: 'image/gif',
    credits: 0,
    later: true,
    description: `An animated GIF under ${GIF_LIMITS.maxBytes / 1024 / 1024} MB, for chats and docs (no sound). Free.`,
  },
  'webm-alpha': {
    label: 'Transparent WebM',
    extension: 'webm',
    mimeType: 'video/webm',
    credits: 1,
    later: false,
    description:
      'The ink, colour and hand over nothing (VP9 with alpha), to lay over your own footage. Chosen at Generate: 1 credit.',
  },
};

/** What the exports chosen at Generate add to the video's price (server and web alike). */
export const exportsCreditCost = (formats: readonly ExportFormat[] = []): number =>
  formats.reduce((sum, format) => sum + EXPORT_FORMAT_INFO[format].credits, 0);

export const EXPORT_STATUSES = ['processing', 'completed', 'failed'] as const;

export const videoExportSchema = z.object({
  format: exportFormatSchema,
  status: z.enum(EXPORT_STATUSES),
  /** The file's size once made. */
  bytes: z.number().int().nonnegative().nullable(),
});
export type VideoExport = z.infer<typeof videoExportSchema>;

export const EXPORT_MESSAGES = {
  onlyAtGenerate: 'A transparent WebM can only be chosen at Generate',
  notReady: 'This export is not made yet',
  videoNotReady: 'The video is not made yet',
} as const;

export const createVideoExportRequestSchema = z.object({
  format: exportFormatSchema.refine(
    (format) => EXPORT_FORMAT_INFO[format].later,
    EXPORT_MESSAGES.onlyAtGenerate,
  ),
});
export const videoExportParamsSchema = z.object({
  id: z.uuid('Not a video id'),
  format: exportFormatSchema,
});
export const videoExportResponseSchema = z.object({ export: videoExportSchema });
